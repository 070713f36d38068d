import type { Conversation } from '../core/conversation/conversation';
import type { HistoryMessage } from '../core/history/historyMessage';
import type { TurnChanges } from '../core/review/changeRecorder';
import type { Checkpoint, CheckpointFile, CheckpointState } from '../core/review/checkpoints';
import { conversationFileFormat, entryKey, logHeader, logRecord, type LogRecord, type SmallState } from './conversationLogRecords';

export type ReplayedLog =
  /** The log continues another snapshot (or has no header): nothing of it applies. */
  | { kind: 'stale' }
  | { kind: 'futureVersion'; version: number }
  | {
    kind: 'applied';
    conversation: Conversation;
    /** Complete lines read, the header included. */
    lines: number;
    /** A save cut short by a crash was dropped: a torn last line, or records without their commit line. */
    torn: boolean;
    /** Set when a complete line could not be read: nothing from its save on was applied. */
    damage?: string;
  };

class KeyedList<T> {
  readonly items = new Map<string, T>();
  order: string[] = [];

  put(key: string, value: T): void {
    if (!this.items.has(key)) this.order.push(key);
    this.items.set(key, value);
  }

  setOrder(keys: string[]): void {
    const kept = new Set(keys);
    for (const key of this.items.keys()) if (!kept.has(key)) this.items.delete(key);
    this.order = keys;
  }

  values(): T[] {
    return this.order.map((key) => this.items.get(key)!);
  }
}

type CheckpointHeader = { messageId: string; state?: CheckpointState; paths: string[] };

/** A conversation being rebuilt from its snapshot and log. */
class ReplayState {
  readonly messages = new KeyedList<HistoryMessage>();
  readonly entries = new KeyedList<unknown>();
  readonly agents = new Map<string, KeyedList<HistoryMessage>>();
  readonly checkpoints = new KeyedList<CheckpointHeader>();
  readonly checkpointFiles = new Map<string, Map<string, CheckpointFile>>();
  readonly changes = new KeyedList<TurnChanges>();
  readonly small: SmallState;
  updatedAt: number;

  constructor(private readonly base: Conversation) {
    for (const message of base.messages) this.messages.put(message.id, message);
    base.transcript.forEach((entry, i) => this.entries.put(entryKey(entry, i), entry));
    for (const [name, messages] of Object.entries(base.agentHistories ?? {})) {
      const list = new KeyedList<HistoryMessage>();
      for (const message of messages) list.put(message.id, message);
      this.agents.set(name, list);
    }
    for (const checkpoint of base.checkpoints ?? []) {
      this.checkpoints.put(checkpoint.messageId, { messageId: checkpoint.messageId, ...(checkpoint.state ? { state: checkpoint.state } : {}), paths: checkpoint.files.map((f) => f.path) });
      this.checkpointFiles.set(checkpoint.messageId, new Map(checkpoint.files.map((f) => [f.path, f])));
    }
    for (const turn of base.changes ?? []) this.changes.put(turn.turnId, turn);
    const { title, createdAt, totals, lastUsage, todos, turnInProgress, plan, agentModes, queued, worktree } = base;
    this.small = {
      title, createdAt, totals, lastUsage, todos, turnInProgress, plan, agentModes, queued, worktree,
      lists: { agentHistories: base.agentHistories !== undefined, checkpoints: base.checkpoints !== undefined, changes: base.changes !== undefined },
    };
    this.updatedAt = base.updatedAt;
  }

  /** Why the save's records do not fit the state, before any is applied; undefined when they do. */
  check(batch: readonly LogRecord[]): string | undefined {
    const textLengths = new Map<string, number | undefined>();
    const known = { m: new Set<string>(), e: new Set<string>(), co: new Set<string>(), cho: new Set<string>(), a: new Map<string, Set<string>>() };
    const missing = (keys: readonly string[], has: (key: string) => boolean) => keys.find((key) => !has(key));
    for (const record of batch) {
      switch (record.t) {
        case 'm': known.m.add(record.v.id); break;
        case 'e':
          if (record.v === undefined) return `entry ${record.k.slice(1)} has no content`;
          known.e.add(record.k);
          textLengths.set(record.k, textLength(record.v));
          break;
        case 'ea': {
          const length = textLengths.has(record.k) ? textLengths.get(record.k) : textLength(this.entries.items.get(record.k));
          if (length !== record.at) return `text appended to entry ${record.k.slice(1)} at ${record.at}, but it has ${length ?? 'no'} characters`;
          textLengths.set(record.k, record.at + record.s.length);
          break;
        }
        case 'a': {
          const names = known.a.get(record.n) ?? new Set<string>();
          known.a.set(record.n, names.add(record.v.id));
          break;
        }
        case 'cp': known.co.add(record.v.messageId); break;
        case 'ch': known.cho.add(record.v.turnId); break;
        case 'mo': case 'eo': case 'co': case 'cho': case 'ao': {
          const has = record.t === 'mo' ? (k: string) => known.m.has(k) || this.messages.items.has(k)
            : record.t === 'eo' ? (k: string) => known.e.has(k) || this.entries.items.has(k)
              : record.t === 'co' ? (k: string) => known.co.has(k) || this.checkpoints.items.has(k)
                : record.t === 'cho' ? (k: string) => known.cho.has(k) || this.changes.items.has(k)
                  : (k: string) => !!known.a.get(record.n)?.has(k) || !!this.agents.get(record.n)?.items.has(k);
          const absent = missing(record.k, has);
          if (absent !== undefined) return `the order of ${record.t} lists ${JSON.stringify(absent)}, which is not stored`;
          break;
        }
        default: break;
      }
    }
    return undefined;
  }

  apply(record: LogRecord): void {
    switch (record.t) {
      case 'm': return this.messages.put(record.v.id, record.v);
      case 'mo': return this.messages.setOrder(record.k);
      case 'e': return this.entries.put(record.k, record.v);
      case 'ea': {
        const entry = this.entries.items.get(record.k) as { text: string };
        this.entries.items.set(record.k, { ...entry, text: entry.text + record.s });
        return;
      }
      case 'eo': return this.entries.setOrder(record.k);
      case 'a': {
        let list = this.agents.get(record.n);
        if (!list) this.agents.set(record.n, (list = new KeyedList()));
        return list.put(record.v.id, record.v);
      }
      case 'ao': {
        if (record.k.length === 0) this.agents.delete(record.n);
        else this.agents.get(record.n)?.setOrder(record.k);
        return;
      }
      case 'cp': return this.checkpoints.put(record.v.messageId, record.v);
      case 'cf': {
        let files = this.checkpointFiles.get(record.k);
        if (!files) this.checkpointFiles.set(record.k, (files = new Map()));
        files.set(record.v.path, record.v);
        return;
      }
      case 'co': {
        this.checkpoints.setOrder(record.k);
        for (const id of this.checkpointFiles.keys()) if (!this.checkpoints.items.has(id)) this.checkpointFiles.delete(id);
        return;
      }
      case 'ch': return this.changes.put(record.v.turnId, record.v);
      case 'cho': return this.changes.setOrder(record.k);
      case 'c': {
        this.updatedAt = record.updatedAt;
        Object.assign(this.small, record.set);
        for (const field of record.unset ?? []) delete this.small[field];
        return;
      }
    }
  }

  conversation(): Conversation {
    const small = this.small;
    const conversation: Conversation = {
      ...this.base,
      title: small.title ?? '',
      createdAt: small.createdAt ?? this.base.createdAt,
      updatedAt: this.updatedAt,
      messages: this.messages.values(),
      transcript: this.entries.values(),
      totals: small.totals ?? { inputTokens: 0, outputTokens: 0, cost: 0 },
      todos: small.todos ?? [],
    };
    const optional = { lastUsage: small.lastUsage, turnInProgress: small.turnInProgress, plan: small.plan, agentModes: small.agentModes, queued: small.queued, worktree: small.worktree };
    for (const [field, value] of Object.entries(optional)) {
      if (value === undefined) delete (conversation as unknown as Record<string, unknown>)[field];
      else (conversation as unknown as Record<string, unknown>)[field] = value;
    }
    delete conversation.agentHistories;
    delete conversation.checkpoints;
    delete conversation.changes;
    if (small.lists?.agentHistories || this.agents.size) {
      conversation.agentHistories = Object.fromEntries([...this.agents].map(([name, list]) => [name, list.values()]));
    }
    if (small.lists?.checkpoints || this.checkpoints.order.length) {
      conversation.checkpoints = this.checkpoints.values().map((header): Checkpoint => {
        const files = this.checkpointFiles.get(header.messageId);
        return {
          messageId: header.messageId,
          files: header.paths.flatMap((path) => files?.get(path) ?? []),
          ...(header.state ? { state: header.state } : {}),
        };
      });
    }
    if (small.lists?.changes || this.changes.order.length) conversation.changes = this.changes.values();
    return conversation;
  }
}

function textLength(entry: unknown): number | undefined {
  const text = typeof entry === 'object' && entry !== null ? (entry as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text.length : undefined;
}

/**
 * `base` (the snapshot) with the log's saves applied, in order. A save is applied whole or not at all: a torn
 * last line or a save without its commit line (a crash mid-write) is dropped; a complete line that cannot be
 * read stops the replay there, keeping every save before it.
 */
export function replayLog(base: Conversation, text: string, gen: string | undefined): ReplayedLog {
  const lines = text.split('\n');
  // The last piece is '' after a complete last line, else a line the crash cut short.
  const tornLine = lines.pop() !== '';
  const header = parseLine(lines[0]);
  if (header === undefined) return { kind: 'stale' };
  const head = logHeader.safeParse(header);
  if (!head.success) return { kind: 'stale' };
  if (head.data.version > conversationFileFormat) return { kind: 'futureVersion', version: head.data.version };
  if (gen === undefined || head.data.gen !== gen) return { kind: 'stale' };

  const state = new ReplayState(base);
  let batch: LogRecord[] = [];
  let batchStart = 1;
  let damage: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const json = parseLine(lines[i]);
    const parsed = json === undefined ? undefined : logRecord.safeParse(json);
    if (!parsed?.success) {
      const reason = json === undefined ? 'not valid JSON' : describe(parsed!.error.issues[0]);
      damage = `line ${i + 1} could not be read (${reason})`;
      break;
    }
    batch.push(parsed.data);
    if (parsed.data.t !== 'c') continue;
    const misfit = state.check(batch);
    if (misfit) {
      damage = `the save starting on line ${batchStart + 1} does not fit what came before (${misfit})`;
      break;
    }
    for (const record of batch) state.apply(record);
    batch = [];
    batchStart = i + 1;
  }
  return { kind: 'applied', conversation: state.conversation(), lines: lines.length, torn: tornLine || (damage === undefined && batch.length > 0), ...(damage ? { damage } : {}) };
}

function parseLine(line: string | undefined): unknown {
  if (line === undefined) return undefined;
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

function describe(issue: { path: PropertyKey[]; message: string } | undefined): string {
  return issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'invalid';
}
