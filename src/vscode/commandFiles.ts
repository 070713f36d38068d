import { PostingViewPart } from './viewPart';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { CommandCatalog } from '../core/commands/commandCatalog';
import type { CommandProblem } from '../core/commands/commandDefinition';
import { loadCommands } from '../core/commands/commandLoader';
import type { McpPromptCatalog } from '../core/mcp/mcpPromptCatalog';
import type { UserInputPrompt } from '../core/ports/userInput';
import type { SlashCommandView, WebviewMessage } from '../protocol/messages';
import { NodeWorkspaceFs } from '../node/nodeWorkspaceFs';
import { reloadOnChange } from './files/watchFiles';

const projectGlobs = ['.codeagent/commands/**/*.md', '.claude/commands/**/*.md', '.github/prompts/*.prompt.md'];
const userGlobs = ['.codeagent/commands/**/*.md', '.claude/commands/**/*.md'];

/**
 * Slash commands (spec §17) from the workspace's command and prompt files and the user's `~/.codeagent/commands`
 * and `~/.claude/commands`, loaded at activation and again whenever one of them changes; the panel's `/`
 * completion gets the list on `ready` and after every reload.
 */
export function watchCommandFiles(workspaceRoot: string | undefined, mcpPrompts: McpPromptCatalog, report: (problems: CommandProblem[]) => void) {
  const home = os.homedir();
  const catalog = new CommandCatalog(() => loadCommands({ project: new NodeWorkspaceFs(workspaceRoot ?? home), user: new NodeWorkspaceFs(home) }), report);
  const panel = new SlashCommandsPanel(catalog, mcpPrompts);
  void catalog.reload();
  const watched = reloadOnChange([
    ...(workspaceRoot ? projectGlobs.map((glob) => [workspaceRoot, glob] as const) : []),
    ...userGlobs.map((glob) => [home, glob] as const),
  ], () => catalog.reload());
  const disposables: vscode.Disposable[] = [watched, { dispose: () => panel.dispose() }];
  return { catalog, panel, userInput: inputBoxPrompt, disposables };
}

/** `${input:name:default}`: VS Code's input box, the default prefilled; Stop closes it. */
const inputBoxPrompt: UserInputPrompt = {
  async ask({ title, prompt, defaultValue }, signal) {
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    signal.addEventListener('abort', onAbort);
    try {
      return await vscode.window.showInputBox({ title, prompt, value: defaultValue, placeHolder: prompt, ignoreFocusOut: true }, cancel.token);
    } finally {
      signal.removeEventListener('abort', onAbort);
      cancel.dispose();
    }
  },
};

/** Sends the loaded commands and the MCP servers' prompts to the panel's `/` completion. */
class SlashCommandsPanel extends PostingViewPart {
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly catalog: CommandCatalog, private readonly mcpPrompts: McpPromptCatalog) {
    super();
    this.unsubscribe = [catalog.onDidLoad(() => this.send()), mcpPrompts.onDidChange(() => this.send())];
  }

  /** `ready` is the chat's too: never consumed. */
  handle(message: WebviewMessage): boolean {
    if (message.type === 'ready') void this.catalog.ready().then(() => this.send());
    return false;
  }

  dispose(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  private send(): void {
    const items: SlashCommandView[] = [...this.catalog.commands, ...this.mcpPrompts.promptCommands()]
      .map(({ name, description, argumentHint }) => ({ name, ...(description ? { description } : {}), ...(argumentHint ? { argumentHint } : {}) }));
    this.post?.({ type: 'slashCommands', items });
  }
}
