import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Which conversation the window shows, kept beside the conversations themselves. VS Code's workspace state
 * is written some time after it changes, so a reload right after a chat started could reopen an empty chat
 * although the conversation itself was saved; this file is written at once (small, atomic, synchronous).
 */
export class CurrentConversationFile {
  private readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, '.current-conversation.json');
  }

  /** The id; null when the window shows a new, empty chat; undefined when this file was never written (or is unreadable). */
  get(): string | null | undefined {
    try {
      const { id } = JSON.parse(fs.readFileSync(this.file, 'utf8')) as { id?: unknown };
      if (id === null) return null;
      return typeof id === 'string' && id ? id : undefined;
    } catch {
      return undefined;
    }
  }

  set(id: string | undefined): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify({ id: id ?? null }));
    fs.renameSync(temp, this.file);
  }
}
