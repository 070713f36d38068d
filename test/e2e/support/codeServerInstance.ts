// A code-server (VS Code in the browser) with the packaged extension installed, on a free
// port, with quiet user settings. One shared extensions dir per test process (the vsix is
// installed once, before any server uses it); user-data-dir, workspaces and log per instance.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { testBuiltinExtensionsDir } from './builtinExtensions';
import { freePort, portIsFree } from './freePort';
import { installLanguagePack } from './languagePack';
import { codeServerNode, codeServerPackageDir, extensionVsix } from './paths';
import { isAlive, killTree, windowProcesses } from './processTree';
import { freshDir, runRoot } from './runRoot';
import { createWorkspace, type WorkspaceOptions } from './testWorkspace';

/** VS Code 1.139's floating panels (no such setting on 1.100). */
export const MODERN_UI = 'workbench.experimental.modernUI';

/** Settings that keep the workbench quiet and deterministic: no welcome pages, tips, updates, telemetry. */
export const QUIET_USER_SETTINGS: Record<string, unknown> = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.editor.empty.hint': 'hidden',
  'chat.commandCenter.enabled': false,
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'git.openRepositoryInParentFolders': 'never',
  'window.restoreWindows': 'none',
  // code-server forwards the ports that processes open: with the default source it runs `ls -l /proc/*/fd/*` and
  // `ps` from the extension host every 2 s, about 5 % of a core per window however idle (docs/benchmarks.md).
  'remote.autoForwardPorts': false,
  'remote.autoForwardPortsSource': 'output',
  // Offline: TypeScript would start its typings installer to fetch @types from the registry, in vain.
  'typescript.disableAutomaticTypeAcquisition': true,
  // One TypeScript server per window, not a syntax server beside it: each costs about a CPU-second to start.
  'typescript.tsserver.useSyntaxServer': 'never',
  // The scenarios script their replies as XML tool calls; the ones about native calls and `auto` set their own.
  'codeagent.model.toolProtocol': 'xml',
  // VS Code 1.139's default "modern UI" floats the side bar and editors in panels with rounded corners. Chromium's
  // software compositor then redraws a webview whole for every frame it changes in (the chat while it streams, each
  // caret blink), where the classic layout redraws what changed: the GPU process spent 10.8 CPU-s on diffReview's
  // tests against 5.9 with it off and 2.4 on 1.100 (docs/benchmarks.md). The chat at the default side-bar width is
  // still checked in the modern UI (narrowPanel.e2e.ts), and the figures measure VS Code as it comes.
  ...(process.env.CODEAGENT_FIGURES ? {} : { [MODERN_UI]: false }),
};

/**
 * The shared window's tidy between tests (sharedWindow.ts), as one key: the palette costs about 0.15 CPU-s of
 * Chromium per command (its list of every command rendered and filtered), three commands a test.
 */
export const TIDY_KEY = 'Control+Alt+Shift+F10';
const TIDY_KEYBINDINGS = [
  { key: 'ctrl+alt+shift+f10', command: 'runCommands', args: { commands: ['notifications.clearAll', 'codeagent.keepAllChanges', 'codeagent.newChat'] } },
];

/** API keys the extension (or a library it uses) might read; emptied so a developer's keys never leak in. */
const API_KEY_VARIABLES = ['CODEAGENT_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'DEEPSEEK_API_KEY', 'OPENROUTER_API_KEY', 'ANTHROPIC_API_KEY', 'AZURE_OPENAI_API_KEY'];

export interface CodeServerOptions {
  packageDir?: string;
  vsix?: string;
  /** Merged over QUIET_USER_SETTINGS into `<ud>/User/settings.json`. */
  userSettings?: Record<string, unknown>;
  /** Extra environment for code-server and so for the extension host (a HOME here replaces the instance's own). */
  env?: Record<string, string>;
  /** Workspace trust on, with no start-up prompt: a folder nobody trusted opens in Restricted Mode. */
  workspaceTrust?: boolean;
  locale?: string; // VS Code's display language (`--locale`), with a stand-in language pack (languagePack.ts)
  /** TypeScript's, JSON's and Markdown's language services in the window (builtinExtensions.ts). */
  languageServers?: boolean;
  /** Extension folders of the tests (fixtures/lmProviderExtension) loaded beside the built-in ones. */
  testExtensions?: string[];
}

const installs = new Map<string, Promise<void>>();
/**
 * The port of this process's last code-server. The next one takes it again when it is free, so the workbench's
 * scripts keep the URLs the shared browser (sharedChromium.ts) has in its cache.
 */
let lastPort: number | undefined;
const live = new Set<CodeServerInstance>();
/** Servers not stopped yet, so a failed test's hook can save their logs. */
export function liveCodeServers(): CodeServerInstance[] {
  return [...live];
}
process.once('exit', () => {
  for (const instance of live) instance.killNow();
});

/**
 * The environment for code-server (and so the extension host): no API keys, no variables of an
 * enclosing VS Code terminal, and XDG dirs inside `home` so nothing lands in ~/.config
 * (code-server's config.yaml), ~/.cache (VS Code's device id) or ~/.local/share.
 */
function cleanEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // A VS Code / code-server terminal's variables would make code-server hand over to that instance.
    if (key.startsWith('VSCODE_') || key.startsWith('CODE_SERVER_') || key === 'ELECTRON_RUN_AS_NODE') continue;
    env[key] = value;
  }
  for (const key of API_KEY_VARIABLES) env[key] = '';
  return {
    ...env,
    XDG_CONFIG_HOME: path.join(home, 'xdg-config'),
    XDG_CACHE_HOME: path.join(home, 'xdg-cache'),
    XDG_DATA_HOME: path.join(home, 'xdg-data'),
    ...extra,
  };
}

/**
 * A home folder of the instance's own, so what the extension keeps under ~ (memory, user-level commands, skills)
 * starts empty and stays with the run. Under the real home, not the temp dir: sandboxed commands may write to the
 * temp dir, and the sandbox test checks that they cannot write to ~.
 */
function instanceHome(): string {
  const home = fs.mkdtempSync(path.join(os.homedir(), '.codeagent-e2e-home-'));
  process.once('exit', () => fs.rmSync(home, { recursive: true, force: true }));
  return home;
}

/** A code-server config file (an explicit one keeps code-server from writing ~/.config/code-server/config.yaml). */
function configFile(dir: string): string {
  const file = path.join(dir, 'config.yaml');
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'auth: none\ncert: false\n');
  return file;
}

function entry(packageDir: string): string {
  const file = path.join(packageDir, 'out', 'node', 'entry.js');
  if (!fs.existsSync(file)) throw new Error(`code-server not found at ${packageDir}: run bash scripts/provisionCodeServer.sh`);
  return file;
}

/** Installs the vsix into the shared extensions dir, once per process. */
function installExtension(packageDir: string, vsix: string, extDir: string): Promise<void> {
  const key = `${extDir}\0${vsix}`;
  let pending = installs.get(key);
  if (!pending) {
    pending = (async () => {
      if (!fs.existsSync(vsix)) throw new Error(`${vsix} does not exist: run npm run package`);
      const home = runRoot();
      const args = ['--config', configFile(home), '--extensions-dir', extDir, '--user-data-dir', path.join(home, 'ud-install'), '--install-extension', vsix, '--force'];
      const r = spawnSync(codeServerNode(packageDir), [entry(packageDir), ...args], {
        encoding: 'utf8',
        env: cleanEnv(home),
        timeout: 120_000,
      });
      if (r.status !== 0 || !/successfully installed/i.test(r.stdout + r.stderr)) {
        throw new Error(`installing ${vsix} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
      }
    })();
    installs.set(key, pending);
  }
  return pending;
}

function httpOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 500);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

export class CodeServerInstance {
  private exited = false;
  private readonly exitPromise: Promise<void>;

  private constructor(
    readonly port: number,
    /** This instance's dir: `ud/` (user-data-dir), `ws-*` workspaces live under the run root. */
    readonly dir: string,
    readonly userDataDir: string,
    readonly logFile: string,
    /** HOME for code-server and its extension hosts. */
    readonly home: string,
    /** The home was made for this instance (not the caller's `env.HOME`, which holds the scenario's own files). */
    private readonly ownHome: boolean,
    private readonly child: ChildProcess,
  ) {
    this.exitPromise = new Promise((resolve) => child.once('exit', () => resolve()));
    this.exitPromise.then(() => {
      this.exited = true;
      live.delete(this);
    });
  }

  get running(): boolean {
    return !this.exited;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The workbench URL opening `folder`. */
  urlFor(folder: string): string {
    return `${this.baseUrl}/?folder=${encodeURIComponent(folder)}`;
  }

  /**
   * A fresh copy of the fixture workspace with the scenario's settings (see testWorkspace.ts); the ones only the
   * user may set (endpoint, approval.*, mcp.servers) go to this instance's user settings too. Open it next.
   */
  createWorkspace(options: WorkspaceOptions = {}): string {
    return this.workspaceFactory?.(options) ?? createWorkspace(options, this.userSettingsFile);
  }

  /** Set by a suite whose tests share one window (sharedWindow.ts): it hands out the window's folder again. */
  workspaceFactory: ((options: WorkspaceOptions) => string) | undefined;

  get userSettingsFile(): string {
    return path.join(this.userDataDir, 'User', 'settings.json');
  }

  /**
   * Where a shared window's scenarios put their user-only settings (sharedWindow.ts): the remote machine's settings
   * file, which VS Code reads as the user's own and, unlike `<ud>/User/settings.json` under code-server, picks up
   * while a window is open. A window per test keeps them in `User/settings.json`, read before the extension starts.
   */
  get userOnlySettingsFile(): string {
    return path.join(this.userDataDir, 'Machine', 'settings.json');
  }

  static async start(options: CodeServerOptions = {}): Promise<CodeServerInstance> {
    const packageDir = options.packageDir ?? codeServerPackageDir();
    const extDir = path.join(runRoot(), 'ext');
    await installExtension(packageDir, options.vsix ?? extensionVsix(), extDir);

    const dir = freshDir('code-server');
    const userDataDir = path.join(dir, 'ud');
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_USER_SETTINGS, ...(options.workspaceTrust ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' } : {}), ...options.userSettings }, null, 2));
    fs.writeFileSync(path.join(userDataDir, 'User', 'keybindings.json'), JSON.stringify(TIDY_KEYBINDINGS, null, 2));
    if (options.locale) installLanguagePack(userDataDir, options.locale);
    const config = configFile(dir);
    const logFile = path.join(dir, 'code-server.log');
    const home = options.env?.HOME ?? instanceHome();

    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = attempt === 0 && lastPort !== undefined && (await portIsFree(lastPort)) ? lastPort : await freePort();
      const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      const log = fs.openSync(logFile, 'a');
      const child = spawn(
        codeServerNode(packageDir),
        [
          entry(packageDir),
          '--config', config,
          '--auth', 'none',
          '--bind-addr', `127.0.0.1:${port}`,
          '--disable-telemetry',
          '--disable-update-check',
          ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
          '--disable-getting-started-override',
          '--user-data-dir', userDataDir,
          '--extensions-dir', extDir,
          '--builtin-extensions-dir', testBuiltinExtensionsDir(packageDir, options.languageServers, options.testExtensions),
          ...(options.locale ? ['--locale', options.locale] : []),
        ],
        { cwd: dir, detached: true, stdio: ['ignore', log, log], env: cleanEnv(dir, { ...options.env, HOME: home }) },
      );
      fs.closeSync(log);
      const instance = new CodeServerInstance(port, dir, userDataDir, logFile, home, options.env?.HOME === undefined, child);
      live.add(instance);
      try {
        await instance.waitUntilReady(60_000, logStart);
        lastPort = port;
        return instance;
      } catch (error) {
        lastError = error;
        await instance.stop();
      }
    }
    throw lastError;
  }

  /** Ready when this server's own log (from `logStart` on) says it listens and the port answers: not another's. */
  private async waitUntilReady(timeoutMs: number, logStart: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exited) throw new Error(`code-server exited during start-up; log: ${this.logFile}\n${this.logTail()}`);
      if (this.logSince(logStart).includes(`server listening on ${this.baseUrl}`) && (await httpOk(`${this.baseUrl}/healthz`))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`code-server did not answer on ${this.baseUrl} within ${timeoutMs} ms; log: ${this.logFile}\n${this.logTail()}`);
  }

  private logSince(offset: number): string {
    try {
      return fs.readFileSync(this.logFile).subarray(offset).toString('utf8');
    } catch {
      return '';
    }
  }

  logTail(lines = 40): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /** Copies the server log and the workbench/extension-host logs to `targetDir`. */
  saveLogs(targetDir: string): void {
    fs.mkdirSync(targetDir, { recursive: true });
    try {
      fs.copyFileSync(this.logFile, path.join(targetDir, 'code-server.log'));
      const logs = path.join(this.userDataDir, 'logs');
      if (fs.existsSync(logs)) fs.cpSync(logs, path.join(targetDir, 'vscode-logs'), { recursive: true });
    } catch {
      // best effort
    }
  }

  /** SIGTERM to the process group, SIGKILL after 5 s. */
  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (this.exited || pid === undefined) return;
    killTree(pid, 'SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
    if ((await Promise.race([this.exitPromise, timer])) === 'timeout') killTree(pid, 'SIGKILL');
    await this.exitPromise;
    live.delete(this);
  }

  /**
   * Ends the extension hosts and file watchers of windows that were closed: code-server keeps them for a
   * reconnection (5 minutes once another window connects), and a file's tests would otherwise leave one
   * extension host, two tsservers and a polling file watcher running per test, slowing every later one.
   * Call it only when no window of this server is open.
   */
  /** Empties the instance's own home, as a new instance has it; a home the caller gave is left as it is. */
  emptyHome(): void {
    if (!this.ownHome) return;
    for (const name of fs.readdirSync(this.home)) fs.rmSync(path.join(this.home, name), { recursive: true, force: true });
  }

  reapClosedWindows(): void {
    const pid = this.child.pid;
    if (pid === undefined || this.exited) return;
    for (const child of windowProcesses(pid)) killTree(child, 'SIGKILL');
  }

  /** Synchronous kill for the process `exit` handler. */
  killNow(): void {
    const pid = this.child.pid;
    if (pid !== undefined && !this.exited && isAlive(pid)) killTree(pid, 'SIGKILL');
  }
}
