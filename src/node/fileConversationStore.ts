import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { summarizeConversation, type Conversation, type ConversationSummary } from '../core/conversation/conversation';
import { decodeConversation, encodeConversation, type DecodedConversation } from '../core/conversation/conversationCodec';
import type { ConversationProblemListener, ConversationStore } from '../core/ports/conversationStore';
import { atomicTempTarget, syncDirectory, writeFileAtomic } from './atomicFile';
import { encodeConversationMeta, summaryFromMeta } from './conversationFileMeta';
import { assertSafeConversationId, conversationFiles, parseConversationFileName } from './conversationFileNames';
import { ConversationFileWriteQueue } from './conversationFileWriteQueue';

export interface FileConversationStoreOptions {
  /** Each distinct problem is reported once per store. */
  onProblem?: ConversationProblemListener;
}

type ReadFile = DecodedConversation | { kind: 'missing' };

const listConcurrency = 16;

/**
 * Conversations as files in one directory: `<id>.json`, its previous version `<id>.json.bak`, and a small
 * `<id>.meta.json` for list(). The directory should hold nothing else (e.g. `<workspace storage>/conversations`).
 * One store per directory: temp files found at start are leftovers of a crash and are removed.
 */
export class FileConversationStore implements ConversationStore {
  private readonly writes = new ConversationFileWriteQueue();
  /** Ids whose main file is known to be readable: only such a file may replace the backup. */
  private readonly readableMain = new Set<string>();
  private readonly reported = new Set<string>();
  private started?: Promise<void>;

  constructor(
    private readonly dir: string,
    private readonly options: FileConversationStoreOptions = {},
  ) {}

  async list(): Promise<ConversationSummary[]> {
    await this.start();
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') this.report(`The saved conversations could not be listed: ${messageOf(error)}.`);
      return [];
    }
    const ids = new Set<string>();
    for (const name of names) {
      const file = parseConversationFileName(name);
      if (file && file.role !== 'meta') ids.add(file.id);
    }
    const summaries = await mapWithConcurrency([...ids], listConcurrency, (id) => this.summaryOf(id));
    return summaries
      .filter((s): s is ConversationSummary => s !== undefined)
      .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  async load(id: string): Promise<Conversation | undefined> {
    assertSafeConversationId(id);
    await this.writes.settled(id);
    await this.start();
    return this.read(id);
  }

  async save(conversation: Conversation): Promise<void> {
    const id = conversation.id;
    assertSafeConversationId(id);
    // Encode now: the caller keeps changing the conversation while an earlier save is still being written.
    const text = encodeConversation(conversation);
    const meta = encodeConversationMeta(summarizeConversation(conversation), Buffer.byteLength(text, 'utf8'));
    return this.writes.run(id, () => this.write(id, text, meta));
  }

  async delete(id: string): Promise<void> {
    assertSafeConversationId(id);
    return this.writes.run(id, async () => {
      await this.start();
      const files = conversationFiles(this.dir, id);
      // Backup first: a crash part-way must not leave a lone backup that brings the conversation back.
      for (const file of [files.backup, files.meta, files.main]) await fsp.rm(file, { force: true });
      this.readableMain.delete(id);
      await syncDirectory(this.dir);
    });
  }

  private async write(id: string, text: string, meta: string): Promise<void> {
    await this.start();
    await fsp.mkdir(this.dir, { recursive: true });
    const files = conversationFiles(this.dir, id);
    const keepPrevious = await this.mainIsReadable(id);
    await writeFileAtomic(files.main, text, { keepPreviousAs: keepPrevious ? files.backup : undefined });
    this.readableMain.add(id);
    await writeFileAtomic(files.meta, meta);
    await syncDirectory(this.dir);
  }

  /** A damaged main file must not replace a good backup; a newer format must not be overwritten at all. */
  private async mainIsReadable(id: string): Promise<boolean> {
    if (this.readableMain.has(id)) return true;
    const main = await this.readFile(conversationFiles(this.dir, id).main, id);
    if (main.kind === 'futureVersion') {
      throw new Error(`Conversation '${id}' was saved by a newer CodeAgent (format ${main.version}); it is not overwritten.`);
    }
    return main.kind === 'ok';
  }

  private async summaryOf(id: string): Promise<ConversationSummary | undefined> {
    const files = conversationFiles(this.dir, id);
    const [mainSize, metaText] = await Promise.all([
      fsp.stat(files.main).then((s) => s.size, () => undefined),
      fsp.readFile(files.meta, 'utf8').catch(() => undefined),
    ]);
    if (mainSize !== undefined && metaText !== undefined) {
      const summary = summaryFromMeta(metaText, id, mainSize);
      if (summary) return summary;
    }
    // No sidecar, or one from another write of the main file: read the conversation itself.
    const conversation = await this.read(id);
    return conversation && summarizeConversation(conversation);
  }

  private async read(id: string): Promise<Conversation | undefined> {
    const files = conversationFiles(this.dir, id);
    const main = await this.readFile(files.main, id);
    if (main.kind === 'ok') {
      this.readableMain.add(id);
      return main.conversation;
    }
    this.readableMain.delete(id);
    if (main.kind === 'futureVersion') {
      this.report(`Conversation '${id}' was saved by a newer CodeAgent (format ${main.version}); it is skipped and left untouched.`);
      return undefined;
    }
    const backup = await this.readFile(files.backup, id);
    if (main.kind === 'missing' && backup.kind === 'missing') return undefined;
    const mainProblem = main.kind === 'missing' ? 'is missing' : `could not be read (${main.reason})`;
    if (backup.kind === 'ok') {
      this.report(`Conversation '${id}': ${path.basename(files.main)} ${mainProblem}; the previous save was restored from its backup.`);
      return backup.conversation;
    }
    const backupProblem = backup.kind === 'missing' ? 'there is no backup' : 'its backup could not be read either';
    this.report(`Conversation '${id}' is skipped: ${path.basename(files.main)} ${mainProblem} and ${backupProblem}.`);
    return undefined;
  }

  private async readFile(file: string, id: string): Promise<ReadFile> {
    let text: string;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
      return { kind: 'invalid', reason: messageOf(error) };
    }
    const decoded = decodeConversation(text);
    if (decoded.kind === 'ok' && decoded.conversation.id !== id) {
      return { kind: 'invalid', reason: `it holds conversation '${decoded.conversation.id}'` };
    }
    return decoded;
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
        this.report(`A leftover temporary file ${name} could not be removed: ${messageOf(error)}.`);
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

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
