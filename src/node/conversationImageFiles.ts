import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { Conversation } from '../core/conversation/conversation';
import type { HistoryMessage } from '../core/history/historyMessage';
import type { ImageAttachment } from '../core/ports/modelClient';
import { imagePlaceholder } from '../core/images/imageText';
import { writeFileAtomic } from './atomicFile';
import { errnoOf } from './errnoOf';

const safeImageId = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const dataUrlPrefix = /^data:(image\/(?:png|jpeg|gif|webp));base64,/;

/** A file the next save must write before its log refers to it. */
export interface ImageFileWrite {
  file: string;
  bytes: Uint8Array;
}

type EntryWithImages = { meta?: { images?: unknown } };

/**
 * Spec §16: a conversation's images are files in `<id>.images/` beside its snapshot and log, never data inside
 * them. The stored form of a message or a user entry keeps each image's id, name, type and size; loading puts the
 * data back. A stored message is kept per in-memory message, so the store's tracker (by identity) sees a message
 * with images as unchanged from one save to the next.
 */
export class ConversationImageFiles {
  private readonly storedFormOf = new WeakMap<HistoryMessage, HistoryMessage>();
  /** The same for a transcript entry's meta (the tracker compares an entry's meta by identity). */
  private readonly storedMetaOf = new WeakMap<object, object>();
  private readonly written = new Set<string>();

  constructor(private readonly dir: string) {}

  folderOf(id: string): string {
    return path.join(this.dir, `${id}.images`);
  }

  /** The conversation as stored, and the image files not written yet (to write before the records that name them). */
  storedForm(conversation: Conversation): { conversation: Conversation; writes: ImageFileWrite[]; files: Set<string> } {
    const writes = new Map<string, ImageFileWrite>();
    const files = new Set<string>();
    const strip = (images: readonly ImageAttachment[]) => images.map((image) => {
      const file = this.fileOf(conversation.id, image);
      if (file) files.add(file);
      // Until a write succeeded, every save offers it again (a failed save is followed by a whole snapshot).
      if (file && image.dataUrl && !this.written.has(file) && !writes.has(file)) {
        writes.set(file, { file, bytes: Buffer.from(image.dataUrl.replace(dataUrlPrefix, ''), 'base64') });
      }
      return { ...image, dataUrl: '' };
    });
    const storedMessages = (list: readonly HistoryMessage[]) => list.map((message) => {
      if (!message.images?.length) return message;
      const cached = this.storedFormOf.get(message);
      const stripped = strip(message.images);
      if (cached) return cached;
      const stored = { ...message, images: stripped };
      this.storedFormOf.set(message, stored);
      return stored;
    });
    const messages = storedMessages(conversation.messages);
    // An isolated named agent's own history is stored the same way (it is JSON, not tracked by identity).
    const histories = conversation.agentHistories;
    const agentHistories = histories && Object.fromEntries(Object.entries(histories).map(([name, list]) => [name, storedMessages(list)]));
    const transcript = conversation.transcript.map((entry) => {
      const images = (entry as EntryWithImages | null)?.meta?.images;
      if (!Array.isArray(images) || images.length === 0) return entry;
      const typed = entry as EntryWithImages & { meta: object };
      const stripped = strip(images as ImageAttachment[]);
      let meta = this.storedMetaOf.get(typed.meta);
      if (!meta) {
        meta = { ...typed.meta, images: stripped };
        this.storedMetaOf.set(typed.meta, meta);
      }
      return { ...typed, meta };
    });
    return { conversation: { ...conversation, messages, transcript, ...(agentHistories ? { agentHistories } : {}) }, writes: [...writes.values()], files };
  }

  /**
   * After a whole snapshot: the folder's files no message or entry names any more (a conversation cut back by
   * Restore checkpoint) are deleted. A later save that names one again writes it again.
   */
  async prune(id: string, referenced: ReadonlySet<string>): Promise<void> {
    const folder = this.folderOf(id);
    const names = await fsp.readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(folder, name);
      if (referenced.has(file)) continue;
      this.written.delete(file);
      await fsp.rm(file, { force: true });
    }
  }

  async write(writes: readonly ImageFileWrite[]): Promise<void> {
    for (const { file, bytes } of writes) {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, bytes);
      this.written.add(file);
    }
  }

  /** The loaded conversation with its images' data; an image whose file is gone becomes its placeholder in the text. */
  async filled(conversation: Conversation): Promise<Conversation> {
    const cache = new Map<string, string | undefined>();
    const dataOf = async (image: ImageAttachment): Promise<string | undefined> => {
      const file = this.fileOf(conversation.id, image);
      if (!file) return undefined;
      if (!cache.has(file)) {
        cache.set(file, await fsp.readFile(file).then((bytes) => `data:${image.mimeType};base64,${bytes.toString('base64')}`, (error: unknown) => {
          if (errnoOf(error) === 'ENOENT') return undefined;
          throw error;
        }));
        this.written.add(file);
      }
      return cache.get(file);
    };
    const fill = async (images: readonly ImageAttachment[]) => {
      const found: ImageAttachment[] = [];
      const missing: ImageAttachment[] = [];
      for (const image of images) {
        const dataUrl = await dataOf(image);
        if (dataUrl) found.push({ ...image, dataUrl });
        else missing.push(image);
      }
      return { found, missing };
    };
    const filledMessages = async (list: readonly HistoryMessage[]) => {
      const filled: HistoryMessage[] = [];
      for (const message of list) {
        if (!message.images?.length) {
          filled.push(message);
          continue;
        }
        const { found, missing } = await fill(message.images);
        const content = [message.content, ...missing.map((image) => `${imagePlaceholder(image)} (its file is missing)`)].filter(Boolean).join('\n');
        const loaded: HistoryMessage = { ...message, content, images: found.length ? found : undefined };
        // Saved again unchanged, it is the message the store read (its tracker knows that one).
        this.storedFormOf.set(loaded, message);
        filled.push(loaded);
      }
      return filled;
    };
    const messages = await filledMessages(conversation.messages);
    let agentHistories = conversation.agentHistories;
    if (agentHistories) {
      const entries: [string, HistoryMessage[]][] = [];
      for (const [name, list] of Object.entries(agentHistories)) entries.push([name, await filledMessages(list)]);
      agentHistories = Object.fromEntries(entries);
    }
    const transcript: unknown[] = [];
    for (const entry of conversation.transcript) {
      const images = (entry as EntryWithImages | null)?.meta?.images;
      if (!Array.isArray(images) || images.length === 0) {
        transcript.push(entry);
        continue;
      }
      const typed = entry as EntryWithImages & { meta: object };
      const meta = { ...typed.meta, images: (await fill(images as ImageAttachment[])).found };
      this.storedMetaOf.set(meta, typed.meta);
      transcript.push({ ...typed, meta });
    }
    return { ...conversation, messages, transcript, ...(agentHistories ? { agentHistories } : {}) };
  }

  async remove(id: string): Promise<void> {
    const folder = this.folderOf(id);
    for (const file of this.written) if (file.startsWith(folder + path.sep)) this.written.delete(file);
    await fsp.rm(folder, { recursive: true, force: true });
  }

  /** Ids and types come from a stored file: anything that could name another path is refused. */
  private fileOf(conversationId: string, image: ImageAttachment): string | undefined {
    const extension = extensions[image.mimeType];
    if (!extension || typeof image.id !== 'string' || !safeImageId.test(image.id)) return undefined;
    return path.join(this.folderOf(conversationId), `${image.id}.${extension}`);
  }
}
