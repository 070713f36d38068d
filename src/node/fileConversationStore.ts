import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { summarizeConversation, type Conversation, type ConversationSummary } from '../core/conversation/conversation';
import { encodeConversation } from '../core/conversation/conversationCodec';
import type { ConversationProblemListener, ConversationStore } from '../core/conversation/conversationStore';
import { appendFileDurable, atomicTempTarget, syncDirectory, writeFileAtomic } from './atomicFile';
import { encodeConversationMeta } from './conversationFileMeta';
import { assertSafeConversationId, conversationFiles, parseConversationFileName } from './conversationFileNames';
import { ConversationFileReader } from './conversationFileReader';
import { ConversationFileWriteQueue } from './conversationFileWriteQueue';
import { ConversationImageFiles } from './conversationImageFiles';
import { capStrings, conversationFileFormat, encodeLogHeader } from './conversationLogRecords';
import { ConversationTracker } from './conversationTracker';
import { errorMessage } from '../core/errorMessage';
import { errnoOf } from './errnoOf';

export interface FileConversationStoreOptions {
  /** Each distinct problem is reported once per store. */
  onProblem?: ConversationProblemListener;
  /** The log is compacted into a new snapshot once it outgrows the snapshot and this many bytes. */
  minCompactBytes?: number;
  /** … or holds this many lines. */
  maxLogLines?: number;
}

type WriteOp =
  | { kind: 'snapshot'; gen: string; text: string; summary: ConversationSummary; imageFiles?: ReadonlySet<string> }
  | { kind: 'lines'; text: string; summary: ConversationSummary }
  | { kind: 'delete' }
  /** An earlier write failed after these saves were turned into lines: they fail too (the next save writes a snapshot). */
  | { kind: 'failed'; error: unknown };

/** Per conversation: what the store last wrote (or read), so a save appends only what changed. */
interface OpenConversation {
  /** Undefined: the next save writes a whole snapshot (new, migrated, damaged, or after a failed write). */
  tracker?: ConversationTracker;
  snapshotBytes: number;
  /** Of the log once every pending write is done. */
  logBytes: number;
  logLines: number;
  pending: WriteOp[];
  /** The sizes on disk, for the sidecar. */
  diskMainBytes: number;
  diskLogBytes: number;
}

const listConcurrency = 16;
const defaultMinCompactBytes = 256 * 1024;
const defaultMaxLogLines = 20_000;
/** Conversations whose write state is kept; older ones write a snapshot on their next save. */
const maxOpenConversations = 8;

/**
 * Conversations as files in one directory, per conversation: a snapshot `<id>.json` (its previous version
 * `<id>.json.bak`), a log `<id>.log.jsonl` of the saves since (see conversationLogRecords), and a small
 * `<id>.meta.json` for list(), and the images in `<id>.images/` (conversationImageFiles). A save appends the records of what changed since the last save, with one fsync;
 * once the log outgrows the snapshot, a save writes a new snapshot instead (atomically) and starts a new log.
 * Files of format 1 (a single `<id>.json`) are read as snapshots and replaced by format 2 on their first save.
 * The directory should hold nothing else. One store per directory: temp files found at start are leftovers
 * of a crash and are removed.
 */
export class FileConversationStore implements ConversationStore {
  private readonly writes = new ConversationFileWriteQueue();
  private readonly reported = new Set<string>();
  private readonly open = new Map<string, OpenConversation>();
  private started?: Promise<void>;
  private readonly reader: ConversationFileReader;
  private readonly images: ConversationImageFiles;

  constructor(
    private readonly dir: string,
    private readonly options: FileConversationStoreOptions = {},
  ) {
    this.reader = new ConversationFileReader(dir, (message) => this.report(message));
    this.images = new ConversationImageFiles(dir);
  }

  async list(): Promise<ConversationSummary[]> {
    await this.start();
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') this.report(`The saved conversations could not be listed: ${errorMessage(error)}.`);
      return [];
    }
    const ids = new Set<string>();
    for (const name of names) {
      const file = parseConversationFileName(name);
      if (file && (file.role === 'main' || file.role === 'backup')) ids.add(file.id);
    }
    const summaries = await mapWithConcurrency([...ids], listConcurrency, (id) => this.reader.summaryOf(id));
    return summaries
      .filter((s): s is ConversationSummary => s !== undefined)
      .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  async load(id: string): Promise<Conversation | undefined> {
    assertSafeConversationId(id);
    await this.writes.settled(id);
    await this.start();
    const read = await this.reader.read(id);
    if (!read) return undefined;
    // Only if nothing was asked of this id meanwhile: a later save or delete knows better than this read.
    const current = this.open.get(id);
    if (!current || (current.pending.length === 0 && !this.writes.busy(id))) {
      this.remember(id, {
        tracker: read.appendable ? ConversationTracker.of(read.conversation) : undefined,
        snapshotBytes: read.snapshotBytes,
        logBytes: read.logBytes,
        logLines: read.logLines,
        pending: [],
        diskMainBytes: read.snapshotBytes,
        diskLogBytes: read.logBytes,
      });
    }
    return this.images.filled(read.conversation);
  }

  /**
   * Costs what changed since the last save of this store (or load), not the conversation's size: the changes
   * are found and encoded now (the caller keeps changing the conversation) and appended to the log.
   */
  async save(conversation: Conversation): Promise<void> {
    const id = conversation.id;
    assertSafeConversationId(id);
    const open = this.openFor(id);
    const stored = this.images.storedForm(conversation);
    const op = this.writeOpFor(stored.conversation, open);
    if (op.kind === 'snapshot') op.imageFiles = stored.files;
    open.pending.push(op);
    // The image files first: a record never names an image that is not on disk.
    return this.writes.run(id, async () => {
      await this.images.write(stored.writes);
      await this.drain(id, open);
    });
  }

  async delete(id: string): Promise<void> {
    assertSafeConversationId(id);
    const open = this.openFor(id);
    // Whatever was not written yet is moot; the next save writes a whole snapshot.
    open.pending = [{ kind: 'delete' }];
    open.tracker = undefined;
    return this.writes.run(id, () => this.drain(id, open));
  }

  private writeOpFor(conversation: Conversation, open: OpenConversation): WriteOp {
    const summary = summarizeConversation(conversation);
    if (open.tracker) {
      let lines: string[];
      try {
        lines = open.tracker.diff(conversation);
      } catch (error) {
        open.tracker = undefined;
        throw error;
      }
      const text = lines.join('');
      const bytes = Buffer.byteLength(text, 'utf8');
      const limit = Math.max(open.snapshotBytes, this.options.minCompactBytes ?? defaultMinCompactBytes);
      if (open.logBytes + bytes <= limit && open.logLines + lines.length <= (this.options.maxLogLines ?? defaultMaxLogLines)) {
        open.logBytes += bytes;
        open.logLines += lines.length;
        return { kind: 'lines', text, summary };
      }
    }
    // A new snapshot: the first save of this store, a migration, or a log grown past the snapshot.
    open.tracker = undefined;
    const gen = randomBytes(8).toString('hex');
    const inner = encodeConversation({ ...conversation, transcript: conversation.transcript.map(capStrings) });
    const text = `{"version":${conversationFileFormat},"gen":"${gen}","conversation":${inner}}`;
    open.tracker = ConversationTracker.of(conversation);
    open.snapshotBytes = Buffer.byteLength(text, 'utf8');
    open.logBytes = Buffer.byteLength(encodeLogHeader(gen), 'utf8');
    open.logLines = 1;
    return { kind: 'snapshot', gen, text, summary };
  }

  /** Writes every pending op of id: from the last snapshot or delete on, the lines after it in one append. */
  private async drain(id: string, open: OpenConversation): Promise<void> {
    const ops = open.pending.splice(0);
    if (ops.length === 0) return;
    await this.start();
    let from = ops.length - 1;
    while (from > 0 && ops[from]!.kind === 'lines') from--;
    const first = ops[from]!;
    if (first.kind === 'failed') throw first.error;
    const lines = ops.slice(first.kind === 'lines' ? from : from + 1) as Extract<WriteOp, { kind: 'lines' }>[];
    const text = lines.map((op) => op.text).join('');
    try {
      const files = conversationFiles(this.dir, id);
      if (first.kind === 'delete' || ops.slice(0, from).some((op) => op.kind === 'delete')) await this.removeFiles(id, open);
      if (first.kind === 'snapshot') {
        await fsp.mkdir(this.dir, { recursive: true });
        const keepPrevious = await this.reader.mainIsReadable(id);
        await writeFileAtomic(files.main, first.text, { keepPreviousAs: keepPrevious ? files.backup : undefined });
        this.reader.setMainReadable(id, true);
        const log = encodeLogHeader(first.gen) + text;
        await writeFileAtomic(files.log, log);
        await syncDirectory(this.dir);
        open.diskMainBytes = Buffer.byteLength(first.text, 'utf8');
        open.diskLogBytes = Buffer.byteLength(log, 'utf8');
        if (first.imageFiles) await this.images.prune(id, first.imageFiles);
      } else if (text) {
        open.diskLogBytes = await appendFileDurable(files.log, text);
      }
      const last = lines.at(-1) ?? first;
      if (last.kind === 'snapshot' || last.kind === 'lines') {
        // A cache for list(): a crash may lose it, and the sizes then tell list() to read the conversation.
        await writeFileAtomic(files.meta, encodeConversationMeta(last.summary, open.diskMainBytes, open.diskLogBytes), { durable: false });
      }
    } catch (error) {
      // The lines computed since may build on what failed: only a later snapshot is still good.
      let snapshot = open.pending.length - 1;
      while (snapshot >= 0 && open.pending[snapshot]!.kind !== 'snapshot' && open.pending[snapshot]!.kind !== 'delete') snapshot--;
      if (snapshot >= 0) {
        open.pending.splice(0, snapshot);
      } else {
        open.tracker = undefined;
        open.pending = open.pending.length ? [{ kind: 'failed', error }] : [];
      }
      throw error;
    }
  }

  private async removeFiles(id: string, open: OpenConversation): Promise<void> {
    const files = conversationFiles(this.dir, id);
    // Backup first: a crash part-way must not leave a lone backup that brings the conversation back.
    for (const file of [files.backup, files.meta, files.main, files.log]) await fsp.rm(file, { force: true });
    await this.images.remove(id);
    this.reader.setMainReadable(id, false);
    open.diskMainBytes = 0;
    open.diskLogBytes = 0;
    await syncDirectory(this.dir);
  }

  private openFor(id: string): OpenConversation {
    const existing = this.open.get(id);
    if (existing) {
      // Most recently used last.
      this.open.delete(id);
      this.open.set(id, existing);
      return existing;
    }
    const created: OpenConversation = { snapshotBytes: 0, logBytes: 0, logLines: 0, pending: [], diskMainBytes: 0, diskLogBytes: 0 };
    this.remember(id, created);
    return created;
  }

  private remember(id: string, open: OpenConversation): void {
    this.open.delete(id);
    this.open.set(id, open);
    for (const [oldId, old] of this.open) {
      if (this.open.size <= maxOpenConversations) break;
      if (old.pending.length === 0 && !this.writes.busy(oldId)) this.open.delete(oldId);
    }
  }

  private start(): Promise<void> {
    this.started ??= this.removeStaleTempFiles();
    return this.started;
  }

  private async removeStaleTempFiles(): Promise<void> {
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const target = atomicTempTarget(name);
      if (target === undefined || !parseConversationFileName(target)) continue;
      await fsp.rm(path.join(this.dir, name), { force: true }).catch((error: unknown) => {
        this.report(`A leftover temporary file ${name} could not be removed: ${errorMessage(error)}.`);
      });
    }
  }

  private report(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.options.onProblem?.(message);
  }
}

async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
