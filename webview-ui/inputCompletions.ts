import { CompletionPopup, type CompletionItem } from './completionPopup';
import { post } from './vscodeApi';

export interface SlashCommand {
  name: string;
  description: string;
  run: () => void;
}

/** `@` completes workspace paths (asked of the host), `/` at the start completes the panel's commands. */
export class InputCompletions {
  private readonly popup: CompletionPopup;
  private pendingQuery: string | undefined;

  constructor(private readonly input: HTMLTextAreaElement, list: HTMLElement, private readonly commands: readonly SlashCommand[]) {
    this.popup = new CompletionPopup(list, input);
    input.addEventListener('input', () => this.refresh());
    input.addEventListener('click', () => this.refresh());
    input.addEventListener('blur', () => this.popup.close());
  }

  handleKey(event: KeyboardEvent): boolean {
    return this.popup.handleKey(event);
  }

  /** The whole message is a slash command: run it instead of sending. */
  runSlashCommand(text: string): boolean {
    const command = this.commands.find((c) => `/${c.name}` === text.trim());
    command?.run();
    return command !== undefined;
  }

  showPathSuggestions(query: string, items: { path: string; kind: string }[]): void {
    if (query !== this.pendingQuery) return;
    this.popup.show(
      items.map((item) => ({ label: item.kind === 'directory' ? `${item.path}/` : item.path, detail: item.kind === 'directory' ? 'folder' : undefined, insert: `@${item.kind === 'directory' ? `${item.path}/` : item.path} ` })),
      (item) => this.replaceToken(/@[^\s@]*$/, item),
    );
  }

  private refresh(): void {
    const before = this.input.value.slice(0, this.input.selectionStart);
    const slash = /^\/(\S*)$/.exec(before);
    if (slash) {
      const query = slash[1]!.toLowerCase();
      this.pendingQuery = undefined;
      // A completed command needs no list: Enter should run it.
      const matches = this.commands.filter((c) => c.name.startsWith(query) && c.name !== query);
      return this.popup.show(matches.map((c) => ({ label: `/${c.name}`, detail: c.description, insert: `/${c.name}` })), (item) => this.replaceToken(/^\/\S*$/, item));
    }
    const mention = /(?:^|[^A-Za-z0-9])@([^\s@]*)$/.exec(before);
    if (mention && !mention[1]!.startsWith('file:')) {
      this.pendingQuery = mention[1]!;
      return post({ type: 'suggestPaths', query: this.pendingQuery });
    }
    this.pendingQuery = undefined;
    this.popup.close();
  }

  private replaceToken(token: RegExp, item: CompletionItem): void {
    const caret = this.input.selectionStart;
    const before = this.input.value.slice(0, caret).replace(token, item.insert);
    this.input.value = before + this.input.value.slice(caret);
    this.input.selectionStart = this.input.selectionEnd = before.length;
    this.input.dispatchEvent(new Event('input'));
  }
}
