import { AgentSession } from '../../src/core/session/agentSession';
import type { AgentSessionDeps } from '../../src/core/session/agentSessionDeps';
import { PendingApprovals } from '../../src/core/agent/pendingDecisions';
import type { Conversation } from '../../src/core/conversation/conversation';
import { createIdGenerator } from '../../src/core/ids';
import type { Settings } from '../../src/core/settings';
import { createFullToolRegistry } from '../../src/core/orchestration/toolSets';
import { createNodeToolPorts } from '../../src/node/createNodeToolPorts';
import { ListedConversationStore } from '../../src/core/conversation/listedConversationStore';
import { FileConversationStore } from '../../src/node/fileConversationStore';
import { OpenAiModelClient } from '../../src/node/openaiModelClient';
import { systemClock } from '../../src/node/systemClock';
import type { HostMessage } from '../../src/protocol/messages';
import { ChatController, type ChatControllerDeps } from '../../src/vscode/chatController';
import type { ScriptedWorkspace } from './scriptedWorkspace';

export interface ScriptedChatControllerOptions {
  settings: Settings;
  /** The conversations' folder: a second controller over the same one stands for a reloaded window. */
  storeDir: string;
  /** Where "the last conversation" is remembered (the extension keeps it in workspace state). */
  lastConversation: ChatControllerDeps['lastConversation'];
  approvals?: PendingApprovals;
  /** Anything more the sessions take (named agents, a window-wide id generator…). */
  session?: Partial<AgentSessionDeps>;
  /** Anything more the controller takes, over quiet defaults. */
  controller?: (c: () => ChatController) => Partial<ChatControllerDeps>;
}

/**
 * A ChatController as the extension builds it, over a real conversation store, whose sessions talk to the scripted
 * OpenAI-compatible server with the real tools on the scripted workspace. The messages it posts are collected.
 */
export function scriptedChatController(scripted: ScriptedWorkspace, options: ScriptedChatControllerOptions): { c: ChatController; posted: HostMessage[]; store: ListedConversationStore } {
  const { settings } = options;
  const approvals = options.approvals ?? new PendingApprovals();
  const posted: HostMessage[] = [];
  const store = new ListedConversationStore(new FileConversationStore(options.storeDir));
  const c: ChatController = new ChatController({
    createSession: (restored: Conversation | undefined, onChange: () => void) => new AgentSession({
      model: () => new OpenAiModelClient({ baseUrl: scripted.server.baseUrl, apiKey: undefined }),
      clock: systemClock,
      settings: () => settings,
      tools: createFullToolRegistry(),
      ...createNodeToolPorts({ workspaceRoot: scripted.ws.root }),
      approver: approvals,
      newId: createIdGenerator(Date.now, 't'),
      environment: () => ({ os: 'TestOS', shell: 'bash', workspaceRoot: scripted.ws.root }),
      onChange,
      ...options.session,
    }, restored),
    approvals,
    store,
    lastConversation: options.lastConversation,
    onboarding: () => null,
    planMode: () => settings.agent.planMode,
    supportsImages: () => settings.model.supportsImages,
    setPlanMode: () => {},
    runCommand: () => {},
    openFile: () => {},
    showContext: () => {},
    confirmDelete: async () => true,
    suggestPaths: async () => [],
    log: () => {},
    ...options.controller?.(() => c),
  });
  c.attach((m) => posted.push(m));
  return { c, posted, store };
}
