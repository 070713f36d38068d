import * as z from 'zod/mini';
import { ConversationListItem, Onboarding, TranscriptEntry, UsageSummary } from './transcript';
import { LocalServerView, ModelSetupView, connectionStatuses, reasoningEfforts } from './modelSetup';

/** One MCP server as the panel shows it. */
export const McpServerView = z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  status: z.enum(['starting', 'ready', 'failed', 'stopped', 'notAllowed']),
  tools: z.array(z.string()),
  error: z.optional(z.string()),
  stderrTail: z.array(z.string()),
  startupMs: z.optional(z.number()),
});
export type McpServerView = z.infer<typeof McpServerView>;

/** One background process as the panel's rows show it (spec §14). */
export const ProcessView = z.object({
  id: z.string(),
  command: z.string(),
  status: z.enum(['running', 'exited']),
  exitCode: z.nullable(z.number()),
  startedAt: z.number(),
  sandboxed: z.optional(z.boolean()),
});
export type ProcessView = z.infer<typeof ProcessView>;

const processId = z.string().check(z.minLength(1), z.maxLength(100));
/** A slash command of a command or prompt file as `/` completion lists it. */
export const SlashCommandView = z.object({ name: z.string(), description: z.optional(z.string()), argumentHint: z.optional(z.string()) });
export type SlashCommandView = z.infer<typeof SlashCommandView>;

/** An image pasted, dropped or attached in the input (spec §16): downscaled by the panel, checked again by the host. */
export const AttachedImageView = z.object({
  name: z.string().check(z.maxLength(200)),
  /** 20 MB of image as base64, and its prefix. */
  dataUrl: z.string().check(z.maxLength(28_000_000)),
});
export type AttachedImageView = z.infer<typeof AttachedImageView>;

/**
 * Spec §19: the worktree a conversation works in, as its bar shows it. `missing`: its folder is gone (deleted behind
 * the conversation's back, or discarded); `working`: an Apply or a Discard is under way.
 */
export const WorktreeView = z.object({
  branch: z.string(),
  path: z.string(),
  state: z.enum(['ready', 'missing']),
  startedWithoutUncommitted: z.optional(z.boolean()),
  working: z.optional(z.enum(['applying', 'discarding'])),
});
export type WorktreeView = z.infer<typeof WorktreeView>;
export const worktreeActions = ['apply', 'openWindow', 'discard'] as const;

/** A message sent while a turn runs, waiting for the turn's next model request (spec §16). */
export const QueuedMessageView = z.object({ id: z.string(), text: z.string() });
export type QueuedMessageView = z.infer<typeof QueuedMessageView>;

/** Webview → host. */
export const WebviewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The panel scrolled near the top or searches: it wants the entries the snapshot left out. */
  z.object({ type: z.literal('loadEarlier') }),
  z.object({ type: z.literal('send'), text: z.string().check(z.minLength(1), z.maxLength(1_000_000)), images: z.optional(z.array(AttachedImageView).check(z.maxLength(10))) }),
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('removeQueued'), id: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('newChat') }),
  /** Spec §19: a new conversation in a new git worktree (`/worktree`). */
  z.object({ type: z.literal('newChatInWorktree') }),
  /** The worktree bar's `Apply to workspace`, `Open in New Window`, `Discard worktree`. */
  z.object({ type: z.literal('worktreeAction'), action: z.enum(worktreeActions) }),
  z.object({ type: z.literal('showContext') }),
  z.object({ type: z.literal('listConversations') }),
  z.object({ type: z.literal('suggestPaths'), query: z.string() }),
  z.object({ type: z.literal('openConversation'), id: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('deleteConversation'), id: z.string().check(z.minLength(1)) }),
  /** `openMemory`: `/memory` (spec §21), both memory indexes in editors. */
  z.object({ type: z.literal('runCommand'), command: z.enum(['openSettings', 'setApiKey', 'openMemory']) }),
  /** A mention chip, or a file:line of a Read/Grep result (`line`, 1-based). */
  z.object({ type: z.literal('openFile'), path: z.string().check(z.minLength(1)), line: z.optional(z.number().check(z.int(), z.minimum(1))) }),
  /** A code block's Copy when the webview may not write the clipboard itself. */
  z.object({ type: z.literal('copyText'), text: z.string().check(z.maxLength(10_000_000)) }),
  /** A code block's Insert at cursor: into the active text editor, replacing its selection. */
  z.object({ type: z.literal('insertAtCursor'), text: z.string().check(z.maxLength(10_000_000)) }),
  /** A link or a remote image's placeholder the user clicked: the host opens it outside VS Code, after VS Code's confirmation. */
  z.object({ type: z.literal('openExternal'), url: z.string().check(z.minLength(1), z.maxLength(8192)) }),
  /** A changes entry's row (spec §8): its before ↔ after diff, or Revert. */
  z.object({ type: z.literal('openChange'), turnId: z.string(), path: z.string() }),
  z.object({ type: z.literal('revertChange'), turnId: z.string(), path: z.string() }),
  /** All of a turn's changes in VS Code's multi-file diff. */
  z.object({ type: z.literal('reviewChanges'), turnId: z.string() }),
  /** The `Retry` of a turn that failed before doing anything: its message runs again. */
  z.object({ type: z.literal('retry'), turnId: z.string().check(z.minLength(1)) }),
  /** Spec §18: a sandboxed command's card asks for the same command outside the sandbox (it asks like any command). */
  z.object({ type: z.literal('runOutsideSandbox'), entryId: z.string().check(z.minLength(1)) }),
  /** Spec §21: a Memory card's `Undo`; the host finds what to restore in its own copy of the card. */
  z.object({ type: z.literal('undoMemory'), entryId: z.string().check(z.minLength(1)) }),
  /** A user entry's `Restore checkpoint`. */
  z.object({ type: z.literal('restoreCheckpoint'), turnId: z.string() }),
  /** The `Plan mode` toggle (spec §7): sets codeagent.agent.planMode. */
  z.object({ type: z.literal('setPlanMode'), on: z.boolean() }),
  /** The `Review after edits` toggle (spec §15): sets codeagent.approval.editReview to `after` (on) or `before`. */
  z.object({ type: z.literal('setReviewAfterEdits'), on: z.boolean() }),
  /** `Keep all` / `Undo all` of the changes still to review (spec §15), in every file. */
  z.object({ type: z.literal('keepAllChanges') }),
  z.object({ type: z.literal('undoAllChanges') }),
  /** The `Restart <server>` button of an MCP server (spec §12). */
  z.object({ type: z.literal('restartMcpServer'), name: z.string().check(z.minLength(1)) }),
  /** The `Allow <server>` of a workspace's MCP server that is not started (spec §12). */
  z.object({ type: z.literal('allowMcpServer'), name: z.string().check(z.minLength(1)) }),
  /** A process row's `Show output` (its terminal) and `Stop process <id>` (spec §14). */
  z.object({ type: z.literal('showProcessOutput'), id: processId }),
  z.object({ type: z.literal('stopProcess'), id: processId }),
  z.object({
    type: z.literal('approvalDecision'),
    callId: z.string(),
    decision: z.enum(['accepted', 'rejected']),
    feedback: z.optional(z.string()),
    /** `Always allow <host>` on a WebFetch card (spec §22); `Always allow <rule>` on a command's card (spec §23). */
    always: z.optional(z.boolean()),
  }),
  /** Model setup (issue 13): the endpoint's models for the pickers (answered with `models`). */
  z.object({ type: z.literal('listModels') }),
  /** Sets codeagent.model.name. */
  z.object({ type: z.literal('chooseModel'), name: z.string().check(z.minLength(1), z.maxLength(500)) }),
  /** Issue 55: a VS Code chat model from the picker or onboarding: sets codeagent.model.api to `vscode` and model.vscodeModel. */
  z.object({ type: z.literal('chooseVscodeModel'), id: z.string().check(z.minLength(1), z.maxLength(500)) }),
  /** The effort control beside the model picker: sets codeagent.model.reasoningEffort. */
  z.object({ type: z.literal('chooseEffort'), effort: z.enum(reasoningEfforts) }),
  /** Onboarding's `Use <provider>`: sets codeagent.model.baseUrl (asking for the URL or the key when needed). */
  z.object({ type: z.literal('usePreset'), presetId: z.string() }),
  z.object({ type: z.literal('testConnection') }),
  /** Looks for Ollama / LM Studio on their default ports (answered with `localServers`). */
  z.object({ type: z.literal('detectLocalServers') }),
]);
export type WebviewMessage = z.infer<typeof WebviewMessage>;

/** Host → webview: a snapshot on (re)load, then incremental patches so the transcript is never re-rendered whole. */
export const HostMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    entries: z.array(TranscriptEntry),
    busy: z.boolean(),
    onboarding: z.nullable(Onboarding),
    usage: z.nullable(UsageSummary),
    planMode: z.optional(z.boolean()),
    queued: z.optional(z.array(QueuedMessageView)),
    /** Spec §24: `entries` are the conversation's end; the entries before them (this many groups) come on `loadEarlier`. */
    earlier: z.optional(z.number()),
  }),
  /** The entries a snapshot left out (its `earlier`), oldest first. */
  z.object({ type: z.literal('earlierEntries'), entries: z.array(TranscriptEntry) }),
  z.object({ type: z.literal('queued'), items: z.array(QueuedMessageView) }),
  /** The conversation's worktree (spec §19), after each snapshot and whenever it changes; null for none. */
  z.object({ type: z.literal('worktree'), worktree: z.nullable(WorktreeView) }),
  z.object({ type: z.literal('planMode'), on: z.boolean() }),
  z.object({ type: z.literal('entryAdded'), entry: TranscriptEntry }),
  z.object({ type: z.literal('entryAppended'), id: z.string(), delta: z.string() }),
  z.object({ type: z.literal('entryUpdated'), entry: TranscriptEntry }),
  z.object({ type: z.literal('busy'), busy: z.boolean(), awaitingAnswer: z.optional(z.boolean()) }),
  z.object({ type: z.literal('onboarding'), onboarding: z.nullable(Onboarding) }),
  z.object({ type: z.literal('usage'), usage: UsageSummary }),
  z.object({ type: z.literal('prefill'), text: z.string() }),
  /** The side panel's title-bar History (issue 34). */
  z.object({ type: z.literal('toggleHistory') }),
  /** `@` completions: workspace paths, named agents (`path` is the agent's name) and MCP resources (`mcp:<server>:<uri>`, with its server). */
  z.object({ type: z.literal('pathSuggestions'), query: z.string(), items: z.array(z.object({ path: z.string(), kind: z.enum(['file', 'directory', 'agent', 'resource']), detail: z.optional(z.string()), server: z.optional(z.string()) })) }),
  z.object({ type: z.literal('conversations'), items: z.array(ConversationListItem), currentId: z.string() }),
  /** Model setup (issue 13): the current endpoint and model, on `ready` and whenever they change. */
  z.object({ type: z.literal('modelSetup'), setup: ModelSetupView }),
  /** The endpoint's models, or why they could not be listed. */
  z.object({ type: z.literal('models'), baseUrl: z.string(), models: z.array(z.string()), error: z.optional(z.string()) }),
  z.object({ type: z.literal('connectionTest'), status: z.enum(connectionStatuses), message: z.string() }),
  z.object({ type: z.literal('localServers'), servers: z.array(LocalServerView) }),
  /** The slash commands of command and prompt files (spec §17), whole on `ready` and after every reload. */
  z.object({ type: z.literal('slashCommands'), items: z.array(SlashCommandView) }),
  /** Every configured MCP server's state (spec §12), sent whole on each change: there are few. */
  z.object({ type: z.literal('mcpServers'), servers: z.array(McpServerView) }),
  /** The background processes (spec §14), sent whole on each change: at most a few running and ten exited. */
  z.object({ type: z.literal('processes'), processes: z.array(ProcessView) }),
  /** Spec §15: whether edits are reviewed after they are written, and how many hunks still wait for Keep or Undo. */
  z.object({ type: z.literal('inlineReview'), reviewAfterEdits: z.boolean(), toReview: z.number(), files: z.number() }),
]);
export type HostMessage = z.infer<typeof HostMessage>;

type EntryAppended = Extract<HostMessage, { type: 'entryAppended' }>;

/**
 * The streaming hot path (one message per delta, thousands per answer): the same check as the schema's
 * `entryAppended` member, without building a parse result per message.
 */
export function isEntryAppended(data: unknown): data is EntryAppended {
  const message = data as Partial<EntryAppended> | null;
  return typeof message === 'object' && message !== null && message.type === 'entryAppended' && typeof message.id === 'string' && typeof message.delta === 'string';
}
