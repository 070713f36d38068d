import type { Conversation } from '../core/conversation/conversation';
import type { HistoryMessage } from '../core/history/historyMessage';
import type { TurnChanges } from '../core/review/changeRecorder';
import type { Checkpoint, CheckpointFile } from '../core/review/checkpoints';
import {
  capStrings, encodeLogRecord, entryKey, maxStoredEntryText, smallStateFields,
  type LogRecord, type SmallState,
} from './conversationLogRecords';

interface ListTrack<P> {
  order: string[];
  prints: Map<string, P>;
}

/** What was last written of a transcript entry. Entries change in place, so values are kept, not the entry. */
interface EntryPrint {
  self: unknown;
  text: unknown;
  meta: unknown;
  kind: unknown;
  turnId: unknown;
  parent: unknown;
  agent: unknown;
}

interface CheckpointPrint {
  ref: Checkpoint;
  header: string;
  files: Map<string, CheckpointFile>;
}

const newTrack = <P>(): ListTrack<P> => ({ order: [], prints: new Map() });

/**
 * What the store last wrote of one conversation, kept so that the next save writes only what changed.
 * Comparison is by identity and length, never by serialising: history messages, turn changes and checkpoints
 * are replaced, not changed, when they change (the session's contract); transcript entries are changed in
 * place, so their text, meta and placement are kept by value (a string compare is by reference first, and
 * `meta` is replaced whenever it changes). A changed entry whose text only grew is written as the appended text.
 */
export class ConversationTracker {
  private readonly messages = newTrack<HistoryMessage>();
  private readonly entries = newTrack<EntryPrint>();
  private readonly agents = new Map<string, ListTrack<HistoryMessage>>();
  private readonly checkpoints = newTrack<CheckpointPrint>();
  private readonly changes = newTrack<TurnChanges>();
  private readonly state = new Map<keyof SmallState, string>();
  private out: string[] | undefined;

  private constructor(private readonly id: string) {}

  /** A tracker of a conversation as it is on disk (just loaded or just written whole). */
  static of(conversation: Conversation): ConversationTracker {
    const tracker = new ConversationTracker(conversation.id);
    tracker.sync(conversation);
    return tracker;
  }

  /**
   * The log lines that bring the stored conversation to `conversation`, ending with a commit line; the tracker
   * then describes `conversation`. Throws when a changed part is not valid; the tracker is then unusable.
   */
  diff(conversation: Conversation): string[] {
    const out: string[] = [];
    this.out = out;
    try {
      this.sync(conversation);
    } finally {
      this.out = undefined;
    }
    return out;
  }

  private emit(record: () => LogRecord): void {
    if (this.out) this.out.push(encodeLogRecord(record(), this.id));
  }

  private sync(conversation: Conversation): void {
    syncList(this.messages, conversation.messages, (m) => m.id, (message, previous) => {
      if (previous !== message) this.emit(() => ({ t: 'm', v: message }));
      return message;
    }, (k) => this.emit(() => ({ t: 'mo', k })));

    syncList(this.entries, conversation.transcript, entryKey, (entry, previous, k) => this.syncEntry(k, entry, previous), (k) => this.emit(() => ({ t: 'eo', k })));

    const histories = conversation.agentHistories ?? {};
    for (const [name, messages] of Object.entries(histories)) {
      let track = this.agents.get(name);
      if (!track) this.agents.set(name, (track = newTrack()));
      syncList(track, messages, (m) => m.id, (message, previous) => {
        if (previous !== message) this.emit(() => ({ t: 'a', n: name, v: message }));
        return message;
      }, (k) => this.emit(() => ({ t: 'ao', n: name, k })));
    }
    for (const name of [...this.agents.keys()]) {
      if (Object.hasOwn(histories, name)) continue;
      this.agents.delete(name);
      this.emit(() => ({ t: 'ao', n: name, k: [] }));
    }

    syncList(this.checkpoints, conversation.checkpoints ?? [], (c) => c.messageId, (checkpoint, previous) => this.syncCheckpoint(checkpoint, previous), (k) => this.emit(() => ({ t: 'co', k })));

    syncList(this.changes, conversation.changes ?? [], (c) => c.turnId, (turn, previous) => {
      if (previous !== turn) this.emit(() => ({ t: 'ch', v: turn }));
      return turn;
    }, (k) => this.emit(() => ({ t: 'cho', k })));

    const set: SmallState = {};
    const unset: (keyof SmallState)[] = [];
    for (const field of smallStateFields) {
      const value = field === 'lists'
        ? { agentHistories: conversation.agentHistories !== undefined, checkpoints: conversation.checkpoints !== undefined, changes: conversation.changes !== undefined }
        : conversation[field];
      const json = value === undefined ? undefined : JSON.stringify(value);
      if (json === this.state.get(field)) continue;
      if (json === undefined) {
        this.state.delete(field);
        unset.push(field);
      } else {
        this.state.set(field, json);
        (set as Record<string, unknown>)[field] = value;
      }
    }
    this.emit(() => ({ t: 'c', updatedAt: conversation.updatedAt, ...(Object.keys(set).length ? { set } : {}), ...(unset.length ? { unset } : {}) }));
  }

  private syncEntry(k: string, entry: unknown, previous: EntryPrint | undefined): EntryPrint {
    const print = printOf(entry);
    if (previous && samePlacement(previous, print)) {
      if (previous.text === print.text) return previous;
      const before = previous.text;
      const after = print.text;
      if (typeof before === 'string' && typeof after === 'string' && after.length > before.length && after.startsWith(before)) {
        if (after.length <= maxStoredEntryText) this.emit(() => ({ t: 'ea', k, at: before.length, s: after.slice(before.length) }));
        else if (before.length <= maxStoredEntryText) this.emit(() => ({ t: 'e', k, v: capStrings(entry) }));
        // Else both are stored cut at the same place: nothing to write.
        return print;
      }
    }
    this.emit(() => ({ t: 'e', k, v: capStrings(entry) }));
    return print;
  }

  private syncCheckpoint(checkpoint: Checkpoint, previous: CheckpointPrint | undefined): CheckpointPrint {
    if (previous?.ref === checkpoint) return previous;
    const paths = checkpoint.files.map((f) => f.path);
    const header = { messageId: checkpoint.messageId, ...(checkpoint.state ? { state: checkpoint.state } : {}), paths };
    const headerJson = JSON.stringify(header);
    const files = new Map<string, CheckpointFile>();
    for (const file of checkpoint.files) {
      const before = previous?.files.get(file.path);
      if (!before || !sameFile(before, file)) this.emit(() => ({ t: 'cf', k: checkpoint.messageId, v: file }));
      files.set(file.path, file);
    }
    if (previous?.header !== headerJson) this.emit(() => ({ t: 'cp', v: header }));
    return { ref: checkpoint, header: headerJson, files };
  }
}

/**
 * Brings a list's track to `items`: `update` for every item (it writes the item when it changed), then the
 * order when it is not the previous order with new items appended.
 */
function syncList<T, P>(
  track: ListTrack<P>,
  items: readonly T[],
  keyOf: (item: T, index: number) => string,
  update: (item: T, previous: P | undefined, key: string) => P,
  emitOrder: (keys: string[]) => void,
): void {
  const previousLength = track.order.length;
  let appended = items.length >= previousLength;
  const keys = new Array<string>(items.length);
  const added = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const key = keyOf(item, i);
    keys[i] = key;
    if (i < previousLength) {
      if (track.order[i] !== key) appended = false;
    } else if (track.prints.has(key) || added.has(key)) {
      appended = false;
    } else {
      added.add(key);
    }
    const previous = track.prints.get(key);
    const next = update(item, previous, key);
    if (next !== previous) track.prints.set(key, next);
  }
  if (appended) {
    for (let i = previousLength; i < keys.length; i++) track.order.push(keys[i]!);
    return;
  }
  const unique = new Set(keys);
  if (unique.size !== keys.length) throw new Error(`Two items share the id '${keys.find((k, i) => keys.indexOf(k) !== i)}'.`);
  for (const key of track.prints.keys()) if (!unique.has(key)) track.prints.delete(key);
  track.order = keys;
  emitOrder(keys);
}

function printOf(entry: unknown): EntryPrint {
  if (typeof entry !== 'object' || entry === null) return { self: entry, text: undefined, meta: undefined, kind: undefined, turnId: undefined, parent: undefined, agent: undefined };
  const e = entry as Record<string, unknown>;
  return { self: undefined, text: e.text, meta: e.meta, kind: e.kind, turnId: e.turnId, parent: e.parent, agent: e.agent };
}

function samePlacement(a: EntryPrint, b: EntryPrint): boolean {
  return a.self === b.self && a.meta === b.meta && a.kind === b.kind && a.turnId === b.turnId && a.parent === b.parent && a.agent === b.agent;
}

function sameFile(a: CheckpointFile, b: CheckpointFile): boolean {
  return a.path === b.path && a.existed === b.existed && a.existsAfter === b.existsAfter && a.content === b.content && a.after === b.after;
}
