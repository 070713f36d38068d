import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { conversationFormatVersion, conversationSchema, summarizeConversation, type Conversation, type ConversationSummary } from '../core/conversation/conversation';
import { decodeConversationValue, parseStoredJson, storedVersion } from '../core/conversation/conversationCodec';
import { summaryFromMeta } from './conversationFileMeta';
import { conversationFiles } from './conversationFileNames';
import { conversationFileFormat, snapshotFile } from './conversationLogRecords';
import { replayLog } from './conversationLogReplay';
import { errorMessage } from '../core/errorMessage';
import { errnoOf } from './errnoOf';

/** A snapshot file as read: format 1 (a whole conversation) or format 2 (a conversation and the generation its log continues). */
type ReadSnapshot =
  | { kind: 'ok'; conversation: Conversation; gen?: string; bytes: number }
  | { kind: 'futureVersion'; version: number }
  | { kind: 'invalid'; reason: string }
  | { kind: 'missing' };

/** A conversation as read from disk, with what the next save needs to append to it. */
export interface ReadConversation {
  conversation: Conversation;
  gen?: string;
  snapshotBytes: number;
  logBytes: number;
  logLines: number;
  /** False when the next save must write a new snapshot: no log to append to, or one ending in damage. */
  appendable: boolean;
}


/**
 * Reads a conversation's files (see FileConversationStore): the snapshot with its log replayed, the backup when
 * the snapshot is damaged, the sidecar for list(). Every problem goes to `report`; nothing here writes.
 */
export class ConversationFileReader {
  /** Ids whose main file is known to be readable: only such a file may replace the backup. */
  private readonly readableMain = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly report: (message: string) => void,
  ) {}

  /** After a write of a good main file, or the removal of all of them. */
  setMainReadable(id: string, readable: boolean): void {
    if (readable) this.readableMain.add(id);
    else this.readableMain.delete(id);
  }

  /** A damaged main file must not replace a good backup; a newer format must not be overwritten at all. */
  async mainIsReadable(id: string): Promise<boolean> {
    if (this.readableMain.has(id)) return true;
    const main = await this.readSnapshot(conversationFiles(this.dir, id).main, id);
    if (main.kind === 'futureVersion') {
      throw new Error(`Conversation '${id}' was saved by a newer CodeAgent (format ${main.version}); it is not overwritten.`);
    }
    return main.kind === 'ok';
  }

  async summaryOf(id: string): Promise<ConversationSummary | undefined> {
    const files = conversationFiles(this.dir, id);
    const [mainSize, logSize, metaText] = await Promise.all([
      fsp.stat(files.main).then((s) => s.size, () => undefined),
      fsp.stat(files.log).then((s) => s.size, () => undefined),
      fsp.readFile(files.meta, 'utf8').catch(() => undefined),
    ]);
    if (mainSize !== undefined && metaText !== undefined) {
      const summary = summaryFromMeta(metaText, id, mainSize, logSize);
      if (summary) return summary;
    }
    // No sidecar, or one from another state of the files: read the conversation itself.
    const read = await this.read(id);
    return read && summarizeConversation(read.conversation);
  }

  async read(id: string): Promise<ReadConversation | undefined> {
    const files = conversationFiles(this.dir, id);
    const main = await this.readSnapshot(files.main, id);
    if (main.kind === 'ok') {
      this.readableMain.add(id);
      return this.withLog(id, main);
    }
    this.readableMain.delete(id);
    if (main.kind === 'futureVersion') {
      this.report(`Conversation '${id}' was saved by a newer CodeAgent (format ${main.version}); it is skipped and left untouched.`);
      return undefined;
    }
    const backup = await this.readSnapshot(files.backup, id);
    if (main.kind === 'missing' && backup.kind === 'missing') return undefined;
    const mainProblem = main.kind === 'missing' ? 'is missing' : `could not be read (${main.reason})`;
    if (backup.kind === 'ok') {
      this.report(`Conversation '${id}': ${path.basename(files.main)} ${mainProblem}; the previous save was restored from its backup.`);
      const read = await this.withLog(id, backup);
      return read && { ...read, appendable: false };
    }
    const backupProblem = backup.kind === 'missing' ? 'there is no backup' : 'its backup could not be read either';
    this.report(`Conversation '${id}' is skipped: ${path.basename(files.main)} ${mainProblem} and ${backupProblem}.`);
    return undefined;
  }

  /** The snapshot with its log applied, when the log continues it. */
  private async withLog(id: string, snapshot: Extract<ReadSnapshot, { kind: 'ok' }>): Promise<ReadConversation | undefined> {
    const plain: ReadConversation = { conversation: snapshot.conversation, gen: snapshot.gen, snapshotBytes: snapshot.bytes, logBytes: 0, logLines: 0, appendable: false };
    if (snapshot.gen === undefined) return plain; // format 1: migrated by the next save
    const logFile = conversationFiles(this.dir, id).log;
    let bytes: Buffer;
    try {
      bytes = await fsp.readFile(logFile);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') this.report(`Conversation '${id}': its log could not be read (${errorMessage(error)}); the last snapshot was loaded.`);
      return plain;
    }
    const replayed = replayLog(snapshot.conversation, bytes.toString('utf8'), snapshot.gen);
    if (replayed.kind === 'futureVersion') {
      this.report(`Conversation '${id}' was saved by a newer CodeAgent (format ${replayed.version}); it is skipped and left untouched.`);
      return undefined;
    }
    if (replayed.kind === 'stale') return plain;
    if (replayed.damage) {
      this.report(`Conversation '${id}': ${path.basename(logFile)} is damaged: ${replayed.damage}. It was loaded as it was before that point.`);
    }
    return {
      conversation: replayed.conversation, gen: snapshot.gen, snapshotBytes: snapshot.bytes,
      logBytes: bytes.length, logLines: replayed.lines, appendable: !replayed.torn && !replayed.damage,
    };
  }

  private async readSnapshot(file: string, id: string): Promise<ReadSnapshot> {
    let bytes: Buffer;
    try {
      bytes = await fsp.readFile(file);
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
      return { kind: 'invalid', reason: errorMessage(error) };
    }
    const text = bytes.toString('utf8');
    const decoded = decodeSnapshot(text);
    if (decoded.kind === 'ok' && decoded.conversation.id !== id) {
      return { kind: 'invalid', reason: `it holds conversation '${decoded.conversation.id}'` };
    }
    return decoded.kind === 'ok' ? { ...decoded, bytes: bytes.length } : decoded;
  }
}

/** Format 2 wraps the conversation with the generation its log continues; format 1 is the conversation itself. */
function decodeSnapshot(text: string): Exclude<ReadSnapshot, { kind: 'missing' | 'ok' }> | { kind: 'ok'; conversation: Conversation; gen?: string } {
  const parsed = parseStoredJson(text);
  if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason };
  const json = parsed.value;
  const version = storedVersion(json);
  if (version === conversationFormatVersion) return decodeConversationValue(json);
  if (typeof version === 'number' && version > conversationFileFormat) return { kind: 'futureVersion', version };
  const file = snapshotFile.safeParse(json);
  if (!file.success || file.data.version !== conversationFileFormat) return { kind: 'invalid', reason: 'not a conversation snapshot' };
  const conversation = conversationSchema.safeParse(file.data.conversation);
  if (!conversation.success) {
    const issue = conversation.error.issues[0];
    return { kind: 'invalid', reason: issue ? `conversation.${issue.path.join('.')}: ${issue.message}` : 'invalid conversation' };
  }
  return { kind: 'ok', conversation: conversation.data, gen: file.data.gen };
}
