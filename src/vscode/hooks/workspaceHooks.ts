import * as os from 'node:os';
import * as vscode from 'vscode';
import { HookDispatcher } from '../../core/hooks/hookDispatcher';
import { loadHooks, userHookFiles, workspaceHookFiles, type LoadedHooks } from '../../core/hooks/hookSources';
import { english } from '../../core/ports/translator';
import type { TrustStore } from '../../core/ports/trustStore';
import type { Settings } from '../../core/settings';
import { canonicalDefinition } from '../../core/trust/canonicalDefinition';
import { activeHooks } from '../../core/trust/hookTrust';
import { NodeHookRunner } from '../../node/hooks/nodeHookRunner';
import { NodeWorkspaceFs } from '../../node/nodeWorkspaceFs';
import { reloadOnChange } from '../files/watchFiles';
import { l10n } from '../hostL10n';

export interface WorkspaceHooksDeps {
  workspaceRoot: string | undefined;
  settings: () => Settings;
  trust: TrustStore;
  output: vscode.LogOutputChannel;
  /** The API key in use: never in a hook's environment. */
  secrets: () => readonly string[];
  /** A problem or warning shown in the chat. */
  tell: (message: string) => void;
}

/**
 * Spec §17 hooks: the files are read at activation and on every change; the workspace's set runs only once the
 * user allowed that exact set (one prompt naming each command, `Allow`), never in Restricted Mode, and nothing
 * runs with `hooks.enabled` off. Every run is written to the output channel.
 */
export function watchWorkspaceHooks(deps: WorkspaceHooksDeps): { dispatcher: HookDispatcher; disposables: vscode.Disposable[] } {
  const home = os.homedir();
  let loaded: LoadedHooks = { workspace: [], user: [], problems: [] };
  const prompted = new Set<string>();
  const current = () => activeHooks(loaded, deps.trust, { enabled: deps.settings().hooks.enabled, workspaceTrusted: vscode.workspace.isTrusted });

  const ask = async () => {
    const state = current();
    if (!state.pending) return;
    const shown = state.pending.subject;
    const once = canonicalDefinition(shown);
    if (prompted.has(once)) return;
    prompted.add(once);
    const commands = state.pending.hooks.map((hook) => `${hook.event}${hook.matcher ? ` [${hook.matcher}]` : ''}: ${hook.command} (${hook.source})`);
    deps.output.warn(`Workspace hooks not run until allowed: ${commands.join('; ')}`);
    const allow = vscode.l10n.t('Allow');
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: this workspace defines hooks that run commands on your machine: {0}. Run them?', commands.join(' · ')), allow);
    // Only the set the user was shown: a file changed meanwhile asks again.
    if (answer === allow && current().pending?.subject.definition === shown.definition) {
      await deps.trust.allow(shown);
      deps.output.info('Workspace hooks: allowed for this workspace.');
    }
  };

  let reported = '';
  // Read at activation, on a watcher's event and before every event's hooks run: what runs is what the files say now.
  const reload = async () => {
    loaded = await loadHooks({ project: deps.workspaceRoot ? new NodeWorkspaceFs(deps.workspaceRoot) : undefined, user: new NodeWorkspaceFs(home) });
    const problems = loaded.problems.map((problem) => problem(english)).join('; ');
    if (problems !== reported) {
      reported = problems;
      for (const problem of loaded.problems) deps.output.warn(`Hooks: ${problem(english)}`);
      if (problems) deps.tell(l10n.t('Hooks: {0}', loaded.problems.map((problem) => problem(l10n)).join('; ')));
    }
    const state = current();
    if (state.note && loaded.workspace.length) deps.output.info(`Workspace hooks: ${state.note}.`);
    void ask();
  };
  void reload();

  const watched = reloadOnChange([
    ...(deps.workspaceRoot ? workspaceHookFiles.map((file) => [deps.workspaceRoot!, file] as const) : []),
    ...userHookFiles.map((file) => [home, file] as const),
  ], reload);

  const dispatcher = new HookDispatcher({
    hooks: async () => {
      await reload();
      return current().hooks;
    },
    runner: new NodeHookRunner(deps.secrets),
    cwd: deps.workspaceRoot ?? home,
    log: (message) => deps.output.info(message),
    warn: (message) => {
      deps.output.warn(message);
      deps.tell(message);
    },
    l10n,
  });
  return { dispatcher, disposables: [watched] };
}
