import type { AgentEvent } from '../core/events';
import type { HostMessage } from '../protocol/messages';
import { isTerminalToolCallStatus, nextToolCallStatus, toolCallStatusOf, type ToolCallEvent } from '../protocol/toolCallStatus';
import { addUsage } from '../core/agent/cost';
import type { EntryKind, TranscriptEntry, UsageSummary } from '../protocol/transcript';
import { l10n } from './hostL10n';

/**
 * Folds agent events into transcript entries (the host-side truth the webview mirrors) and says, per event,
 * which small patch the webview needs. A reloaded webview gets `entries` whole.
 */
const noUsage: UsageSummary = { inputTokens: 0, outputTokens: 0, cost: 0, contextUsed: 0, contextWindow: 0 };

/** Where a projector's entries go: a sub-agent's projector shares its parent's, so one list holds the whole tree. */
interface EntryStore {
  list: TranscriptEntry[];
  byId: Map<string, TranscriptEntry>;
}

/** A nested projector's place: its entries sit inside `parent` (the Task card) and carry the child's agent. */
interface Nesting {
  parent: string;
  agent?: string;
}

export class TranscriptProjector {
  private readonly store: EntryStore;
  private streaming: { kind: EntryKind; id: string; refusal?: boolean } | undefined;
  private usage: UsageSummary | null = null;
  private counter = 0;
  private compactionId: string | undefined;
  private readonly children = new Map<string, TranscriptProjector>();
  private readonly turnAgents = new Map<string, string>();

  constructor(private readonly idPrefix: string, restored: readonly TranscriptEntry[] = [], private readonly nesting?: Nesting, store?: EntryStore) {
    this.store = store ?? { list: [], byId: new Map() };
    for (const entry of restored) {
      // Conversations saved before results moved into their cards: fold each result row into its card.
      const card = entry.kind === 'tool-result' ? this.store.byId.get(`call-${String(entry.meta?.callId)}`) : undefined;
      if (card) {
        card.meta = { ...card.meta, result: card.meta?.result ?? entry.text };
        continue;
      }
      this.store.list.push(entry);
      this.store.byId.set(entry.id, entry);
    }
  }

  private get list(): TranscriptEntry[] {
    return this.store.list;
  }

  private get byId(): Map<string, TranscriptEntry> {
    return this.store.byId;
  }

  /** After reopening: the stored totals, and a visible note when a reload cut a turn short. */
  restoreUsage(totals: { inputTokens: number; outputTokens: number; cost: number; cachedInputTokens?: number }, lastUsage: { inputTokens: number; outputTokens: number } | undefined, contextWindow: number, interrupted: boolean): void {
    const contextUsed = lastUsage ? lastUsage.inputTokens + lastUsage.outputTokens : 0;
    if (totals.inputTokens || totals.outputTokens) this.usage = { ...totals, contextUsed, contextWindow };
    if (interrupted) this.add('error', l10n.t('The window was reloaded while the agent was working. The interrupted step was closed; send a message to continue.'), undefined, { code: 'interrupted' });
    // Approval cards from before the reload can no longer be answered, and no sub-agent is still running.
    for (const entry of this.list) {
      if (entry.kind === 'approval' && entry.meta?.phase === 'request') entry.meta = { ...entry.meta, phase: 'decision', decision: 'rejected', feedback: 'interrupted by a reload' };
      const child = entry.meta?.child as { status?: string } | undefined;
      if (entry.kind === 'tool-call' && child?.status === 'running') entry.meta = { ...entry.meta, status: 'cancelled', child: { ...child, status: 'cancelled' } };
      if (interrupted && entry.kind === 'tool-call' && !isTerminal(entry.meta)) entry.meta = withStatus(entry.meta ?? {}, { type: 'interrupted' });
    }
  }

  /** A row of a changes entry after Revert: reverted, or why not. */
  markChange(turnId: string, path: string, outcome: { reverted: true } | { reverted: false; message: string }): HostMessage[] {
    const entry = this.byId.get(`changes-${turnId}`);
    if (!entry) return [];
    const changes = (entry.meta?.changes as Record<string, unknown>[] | undefined ?? []).map((c) =>
      c.path === path ? { ...c, reverted: outcome.reverted, error: outcome.reverted ? undefined : outcome.message } : c);
    return [this.upsert(entry.id, 'changes', entry.text, entry.turnId, { ...entry.meta, changes })];
  }

  /** A Memory card after `Undo` (spec §21): undone, or why not. */
  markMemoryUndo(entryId: string, error: string | undefined): HostMessage[] {
    const entry = this.byId.get(entryId);
    const detail = entry?.meta?.detail as Record<string, unknown> | undefined;
    if (!entry || !detail?.memory) return [];
    const memory = { ...(detail.memory as Record<string, unknown>), undone: error === undefined, undoError: error };
    return [this.upsert(entry.id, entry.kind, entry.text, entry.turnId, { ...entry.meta, detail: { ...detail, memory } })];
  }

  get entries(): TranscriptEntry[] {
    return this.list;
  }

  get usageSummary(): UsageSummary | null {
    return this.usage;
  }

  apply(event: AgentEvent): HostMessage[] {
    switch (event.type) {
      case 'turnStarted': {
        this.streaming = undefined;
        if (event.agent) this.turnAgents.set(event.turnId, event.agent);
        // images: the thumbnails (the store keeps their data as files beside the conversation, spec §16).
        const meta = { ...(event.mentions?.length ? { mentions: event.mentions } : {}), ...(event.checkpoint ? { checkpoint: true } : {}), ...(event.images?.length ? { images: event.images } : {}) };
        // Any new turn takes an earlier Retry or Continue away (history moved on). A failed turn run again lost
        // its message from history, so its Restore checkpoint goes too.
        const patches = this.withoutMeta((e) => e.kind === 'error', ['retryable', 'continuable']);
        if (event.retryOf) patches.push(...this.withoutMeta((e) => e.kind === 'user' && e.turnId === event.retryOf, ['checkpoint']));
        patches.push(this.add('user', event.userText, event.turnId, Object.keys(meta).length ? meta : undefined));
        if (event.reminder) patches.push(this.add('reminder', event.reminder, event.turnId));
        for (const warning of event.warnings ?? []) patches.push(this.add('error', warning, event.turnId, { warning: true }));
        return patches;
      }
      case 'queuedMessageDelivered':
        // Where the turn took it: after the tool results it follows, no longer queued (spec §16).
        this.streaming = undefined;
        return [this.add('user', event.text, event.turnId, { steered: true })];
      case 'thinking':
        return [this.appendStreaming('thinking', event.delta, event.turnId)];
      case 'text':
        return [this.appendStreaming('assistant', event.delta, event.turnId, event.refusal === true)];
      case 'toolCall': {
        this.streaming = undefined;
        const id = `call-${event.callId}`;
        const meta = { ...this.byId.get(id)?.meta, name: event.name, params: event.params, callId: event.callId };
        return [this.upsert(id, 'tool-call', describeParams(event.params), event.turnId, withStatus(meta, { type: 'params', partial: event.partial }))];
      }
      case 'toolResult': {
        // The result lives in its call's card (spec §10: one card per call); a result without a card gets its own row.
        const call = this.byId.get(`call-${event.callId}`);
        if (!call) return [this.add('tool-result', event.summary, event.turnId, { name: event.name, status: event.status, callId: event.callId })];
        const meta = { ...call.meta, result: event.summary, ...(event.detail ? { detail: event.detail } : {}), output: undefined };
        return [this.upsert(call.id, 'tool-call', call.text, call.turnId, withStatus(meta, { type: 'result', status: event.status }))];
      }
      case 'toolOutput': {
        const call = this.byId.get(`call-${event.callId}`);
        if (!call || isTerminal(call.meta)) return [];
        return [this.upsert(call.id, 'tool-call', call.text, call.turnId, { ...call.meta, output: event.tail })];
      }
      case 'completion':
        this.streaming = undefined;
        return [this.add('completion', event.result, event.turnId)];
      case 'error':
        this.streaming = undefined;
        return [this.add('error', event.message, event.turnId, event.code ? { code: event.code } : undefined)];
      case 'retry':
        return [this.add('error', l10n.t('Retry {0}/{1} in {2} s: {3}', event.attempt, event.maxRetries, Math.round(event.delayMs / 100) / 10, event.reason), event.turnId, { retry: true, attempt: event.attempt })];
      case 'approval': {
        const call = this.byId.get(`call-${event.callId}`);
        const patches: HostMessage[] = [];
        const cardEvent = event.phase === 'request' ? { type: 'approvalRequested' as const } : { type: 'approvalDecided' as const, decision: event.decision ?? 'rejected' };
        if (call) patches.push(this.upsert(call.id, 'tool-call', call.text, call.turnId, withStatus(call.meta ?? {}, cardEvent)));
        patches.push(this.upsert(`approval-${event.callId}`, 'approval', event.detail, event.turnId, { tool: event.tool, callId: event.callId, phase: event.phase, cwd: event.cwd, ...(event.reason ? { reason: event.reason } : {}), ...(event.host ? { host: event.host } : {}), ...(event.alwaysAllow ? { alwaysAllow: event.alwaysAllow } : {}), decision: event.decision, feedback: event.feedback }));
        return patches;
      }
      case 'compaction':
        // Each compaction gets its own entry where it happened; its progress updates that entry.
        if (event.phase === 'started' || !this.compactionId) this.compactionId = `${this.idPrefix}-compaction-${this.counter++}`;
        return [this.upsert(this.compactionId, 'compaction', event.message, undefined, { phase: event.phase })];
      case 'plan':
        return [this.upsert('plan-current', 'plan', event.summary, undefined, { tasks: event.tasks })];
      case 'notice':
        this.streaming = undefined;
        return [this.add('assistant', event.text, event.turnId, { notice: true })];
      case 'todo':
        return [this.upsert('plan-todos', 'plan', event.todos.map((t) => `${t.status === 'completed' ? '[x]' : t.status === 'in_progress' ? '[>]' : '[ ]'} ${t.content}`).join('\n'), undefined, { todos: event.todos })];
      case 'tokenUsage': {
        const previous = this.usage ?? noUsage;
        this.usage = { ...previous, ...addUsage(previous, event.usage, event.cost ?? 0) };
        return [{ type: 'usage', usage: this.usage }];
      }
      case 'contextWindow': {
        const previous = this.usage ?? noUsage;
        this.usage = { ...previous, contextUsed: event.usedTokens, contextWindow: event.windowTokens };
        return [{ type: 'usage', usage: this.usage }];
      }
      case 'toolParamDelta':
        return [];
      case 'changes':
        this.streaming = undefined;
        return [this.upsert(`changes-${event.turnId}`, 'changes', event.changes.map((c) => `${c.kind} ${c.path} +${c.added} -${c.removed}`).join('\n'), event.turnId, { changes: event.changes, ...(event.applied ? { applied: event.applied } : {}) })];
      case 'subagent':
        if (event.event.type === 'toolParamDelta') return [];
        this.streaming = undefined;
        return this.childFor(event.parentCallId, event.agent).apply(event.event);
      case 'subagentStatus': {
        const card = this.byId.get(`call-${event.parentCallId}`);
        if (!card) return [];
        const child = { status: event.status, steps: event.steps, ...event.usage, agent: event.agent };
        return [this.upsert(card.id, 'tool-call', card.text, card.turnId, { ...card.meta, child })];
      }
      case 'turnEnded': {
        this.streaming = undefined;
        // A call the turn left unfinished (cut off while streaming, say) must not look like it still runs.
        const patches = this.list.filter((e) => e.kind === 'tool-call' && e.turnId === event.turnId && !isTerminal(e.meta))
          .map((e) => this.upsert(e.id, 'tool-call', e.text, e.turnId, withStatus(e.meta ?? {}, { type: 'interrupted' })));
        if (event.reason === 'cancelled') patches.push(this.add('error', l10n.t('Stopped by the user.'), event.turnId, { code: 'cancelled' }));
        const failure = event.retryable ? this.list.filter((e) => e.kind === 'error' && e.turnId === event.turnId && !e.meta?.retry && !e.meta?.warning).at(-1) : undefined;
        if (failure) patches.push(this.upsert(failure.id, 'error', failure.text, failure.turnId, { ...failure.meta, retryable: true }));
        // Stopped at codeagent.agent.maxIterations: one click lets the agent go on.
        const limit = event.reason === 'maxIterations' ? this.list.filter((e) => e.kind === 'error' && e.turnId === event.turnId && e.meta?.code === 'maxIterations').at(-1) : undefined;
        if (limit) patches.push(this.upsert(limit.id, 'error', limit.text, limit.turnId, { ...limit.meta, continuable: true }));
        return patches;
      }
    }
  }

  /** `refusal`: the model declined; a refusal and an ordinary answer never share an entry. */
  private appendStreaming(kind: EntryKind, delta: string, turnId: string, refusal = false): HostMessage {
    if (this.streaming?.kind === kind && (this.streaming.refusal ?? false) === refusal) {
      const entry = this.byId.get(this.streaming.id);
      if (entry) {
        entry.text += delta;
        return { type: 'entryAppended', id: entry.id, delta };
      }
    }
    const patch = this.add(kind, delta, turnId, refusal ? { refusal: true } : undefined);
    this.streaming = { kind, id: this.list[this.list.length - 1]!.id, ...(refusal ? { refusal } : {}) };
    return patch;
  }

  /** The projector of a Task call's sub-agent: its entries nest under the Task card. */
  private childFor(parentCallId: string, agent: string | undefined): TranscriptProjector {
    let child = this.children.get(parentCallId);
    if (!child) {
      child = new TranscriptProjector(`${this.idPrefix}-${this.counter++}`, [], { parent: `call-${parentCallId}`, agent }, this.store);
      this.children.set(parentCallId, child);
    }
    return child;
  }

  private placed(entry: TranscriptEntry): TranscriptEntry {
    if (this.nesting) entry.parent = this.nesting.parent;
    const agent = this.nesting?.agent ?? (entry.turnId ? this.turnAgents.get(entry.turnId) : undefined);
    if (agent) entry.agent = agent;
    return entry;
  }

  private add(kind: EntryKind, text: string, turnId?: string, meta?: Record<string, unknown>): HostMessage {
    const entry: TranscriptEntry = this.placed({ id: `${this.idPrefix}-${this.counter++}`, kind, text, turnId, meta });
    this.list.push(entry);
    this.byId.set(entry.id, entry);
    return { type: 'entryAdded', entry: { ...entry } };
  }

  /** Updates of the matching entries that have any of `keys` in their meta, without them. */
  private withoutMeta(matches: (entry: TranscriptEntry) => boolean, keys: string[]): HostMessage[] {
    return this.list.filter((e) => matches(e) && keys.some((key) => e.meta?.[key] !== undefined)).map((e) => {
      const meta = Object.fromEntries(Object.entries(e.meta!).filter(([key]) => !keys.includes(key)));
      return this.upsert(e.id, e.kind, e.text, e.turnId, Object.keys(meta).length ? meta : undefined);
    });
  }

  private upsert(id: string, kind: EntryKind, text: string, turnId: string | undefined, meta: Record<string, unknown> | undefined): HostMessage {
    const existing = this.byId.get(id);
    if (existing) {
      Object.assign(existing, { text, meta });
      return { type: 'entryUpdated', entry: { ...existing } };
    }
    const entry: TranscriptEntry = this.placed({ id, kind, text, turnId, meta });
    this.list.push(entry);
    this.byId.set(id, entry);
    return { type: 'entryAdded', entry: { ...entry } };
  }
}

/** The card's next status (src/protocol/toolCallStatus), with when it started running and when it ended. */
function withStatus(meta: Record<string, unknown>, event: ToolCallEvent): Record<string, unknown> {
  const before = toolCallStatusOf(meta.status);
  const status = nextToolCallStatus(before, event);
  if (status === before) return meta;
  const now = Date.now();
  return {
    ...meta,
    status,
    ...(status === 'running' ? { startedAt: now, endedAt: undefined } : {}),
    ...(isTerminalToolCallStatus(status) ? { endedAt: now } : {}),
  };
}

function isTerminal(meta: Record<string, unknown> | undefined): boolean {
  const status = toolCallStatusOf(meta?.status);
  return status !== undefined && isTerminalToolCallStatus(status);
}

function describeParams(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}
