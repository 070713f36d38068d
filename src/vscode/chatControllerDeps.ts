import type { PendingApprovals } from '../core/agent/pendingDecisions';
import type { Conversation } from '../core/conversation/conversation';
import type { ConversationStore } from '../core/conversation/conversationStore';
import type { AgentEvent } from '../core/events';
import type { AgentSession } from '../core/session/agentSession';
import type { WorktreeRecord } from '../core/worktrees/worktreeRecord';
import type { Onboarding } from '../protocol/transcript';
import type { ReviewActions } from './review/reviewActions';
import type { WorktreeChats } from './worktrees/worktreeChats';

/** What a chat view's controller is given by the window: the session factory, the stores, the host's actions. */
export interface ChatControllerDeps {
  /** `worktree`: a new conversation's (spec §19); a restored one brings its own. */
  createSession: (restored: Conversation | undefined, onChange: () => void, worktree?: WorktreeRecord) => AgentSession;
  approvals: PendingApprovals;
  /** Spec §23's `Always allow`: adds rules to the user's codeagent.approval.commandAllowList. */
  allowCommands?: (rules: string[]) => Promise<void>;
  store: ConversationStore;
  /** Which conversation was open last in this workspace, so a reload reopens it. */
  lastConversation: { get(): string | undefined; set(id: string | undefined): void };
  onboarding: () => Onboarding | null;
  runCommand: (command: 'openSettings' | 'setApiKey' | 'openMemory') => void;
  /** A path of the conversation's workspace `root` (a worktree's, spec §19). */
  openFile: (path: string, line: number | undefined, root: string) => void;
  showContext: () => void;
  confirmDelete: (title: string) => Promise<boolean>;
  /** `root`: the conversation's workspace (a worktree's, spec §19). */
  suggestPaths: (query: string, root: string) => Promise<{ path: string; kind: 'file' | 'directory' | 'agent' | 'resource'; detail?: string; server?: string }[]>;
  planMode: () => boolean;
  /** `codeagent.model.supportsImages` (spec §16). */
  supportsImages: () => boolean;
  setPlanMode: (on: boolean) => void;
  log: (message: string) => void;
  /** Every event of the current conversation as it happens (live diff previews, spec §20's nudges). */
  onEvent?: (event: AgentEvent, session: AgentSession) => void;
  /** Diffs, Revert and Restore checkpoint (spec §8). */
  review?: ReviewActions;
  /** Spec §16, several conversations at once: whether a conversation's turn runs in any view (history marks it). */
  isRunning?: (conversationId: string) => boolean;
  /** Writes what every view has pending, so History lists another view's conversation saved less than a save interval ago. */
  flushAll?: () => Promise<void>;
  /** True when another view holds the conversation (and was shown): it is not opened here too. */
  openElsewhere?: (conversationId: string) => boolean;
  /** Spec §19: conversations in a git worktree; absent, there are none. */
  worktrees?: WorktreeChats;
}
