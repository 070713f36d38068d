import { CompletionPopup, type CompletionItem } from './completionPopup';
import { post } from './vscodeApi';
import { t } from './l10n';

export interface SlashCommand {
  name: string;
  description: string;
  /** A panel command runs here; one without `run` is only inserted and goes to the host as the message's text. */
  run?: () => void;
  /** Completed after `/name `. */
  subcommands?: readonly { name: string; description: string }[];
}

/** A command of a command or prompt file, sent by the host (spec §17). */
export interface FileCommand {
  name: string;
  description?: string;
  argumentHint?: string;
}

export interface PathSuggestion {
  path: string;
  kind: string;
  detail?: string;
  /** An MCP resource's server: it is listed under that name. */
  server?: string;
}

/** `@` completes workspace paths and agent names (asked of the host), `/` at the start completes the commands. */
export class InputCompletions {
  private readonly popup: CompletionPopup;
  private pendingQuery: string | undefined;
  private fileCommands: readonly SlashCommand[] = [];

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
    const command = this.commands.find((c) => c.run && `/${c.name}` === text.trim());
    command?.run?.();
    return command !== undefined;
  }

  /** The panel's own commands win a name clash; the host already left out files that take a built-in's name. */
  setFileCommands(items: readonly FileCommand[]): void {
    const builtIn = new Set(this.commands.map((c) => c.name));
    this.fileCommands = items
      .filter((item) => !builtIn.has(item.name))
      .map((item) => ({ name: item.name, description: [item.argumentHint, item.description].filter(Boolean).join(' — ') }));
    // The list can arrive (or change) while `/` is open: the user sees it at once.
    if (this.popup.open && this.pendingQuery === undefined) this.refresh();
  }

  showPathSuggestions(query: string, items: PathSuggestion[]): void {
    if (query !== this.pendingQuery) return;
    this.popup.show(items.map(suggestionItem), (item) => this.replaceToken(/@[^\s@]*$/, item));
  }

  private refresh(): void {
    const before = this.input.value.slice(0, this.input.selectionStart);
    const slash = /^\/(\S*)$/.exec(before);
    if (slash) {
      const query = slash[1]!.toLowerCase();
      this.pendingQuery = undefined;
      // A completed command needs no list: Enter should run it.
      const matches = [...this.commands, ...this.fileCommands].filter((c) => c.name.toLowerCase().startsWith(query) && !(c.run && c.name === query));
      // A host command takes an argument: the space is inserted with it.
      return this.popup.show(matches.map((c) => ({ label: `/${c.name}`, detail: c.description, insert: c.run ? `/${c.name}` : `/${c.name} ` })), (item) => this.replaceToken(/^\/\S*$/, item));
    }
    const sub = /^\/(\S+) (\S*)$/.exec(before);
    const subcommands = sub && this.commands.find((c) => c.name === sub[1])?.subcommands;
    if (sub && subcommands) {
      this.pendingQuery = undefined;
      const matches = subcommands.filter((s) => s.name.startsWith(sub[2]!.toLowerCase()) && s.name !== sub[2]);
      return this.popup.show(matches.map((s) => ({ label: s.name, detail: s.description, insert: `${s.name} ` })), (item) => this.replaceToken(/\S*$/, item));
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

function suggestionItem(item: PathSuggestion): CompletionItem {
  if (item.kind === 'agent') return { label: `@${item.path}`, detail: item.detail, tag: t('completion.agent'), insert: `@${item.path} ` };
  if (item.kind === 'resource') return { label: item.detail ?? item.path, detail: item.path.slice(item.path.indexOf(':', 4) + 1), tag: item.server ?? 'mcp', insert: `@${item.path} ` };
  const path = item.kind === 'directory' ? `${item.path}/` : item.path;
  return { label: path, detail: item.kind === 'directory' ? t('completion.folder') : undefined, insert: `@${path} ` };
}
