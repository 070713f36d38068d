import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CommandSandbox, SandboxedCommand, SandboxStatus } from '../../core/ports/commandSandbox';
import { describePolicy, sandboxPolicy, type SandboxPolicy } from '../../core/tools/sandboxPolicy';
import { readOnlyPolicy } from '../../core/tools/readOnlyPolicy';
import { errorMessage } from '../../core/errorMessage';
import { english, type UserText } from '../../core/ports/translator';
import { nestedRepositories } from './nestedRepositories';
import { probeSandbox, type SandboxProbe } from './sandboxProbe';
import { unaskedSecretNames } from '../commandEnvironment';
import { sandboxRuntimeConfig } from './sandboxRuntimeConfig';

type Runtime = typeof import('@anthropic-ai/sandbox-runtime');

let runtime: Promise<Runtime> | undefined;
let started: Promise<void> | undefined;
let appliedConfig = '';
let invocations = 0;

export interface RuntimeSandboxOptions {
  /** `codeagent.sandbox.*`, read at each command. */
  settings: () => { enabled: boolean; allowedDomains: readonly string[] };
  /** The workspace folders a command may write to. */
  roots: () => readonly string[];
  home?: string;
  tempDir?: string;
  probe?: () => Promise<SandboxProbe>;
  /** Once per reason: the host tells the user why commands are not sandboxed, with the install hint (in the user's words). */
  onUnavailable?: (reason: UserText, hint: UserText | undefined) => void;
}

/**
 * CommandSandbox on @anthropic-ai/sandbox-runtime (bubblewrap + socat on Linux, Seatbelt on macOS). The runtime is
 * one per process: started once, its config replaced when the workspace folders or the allowed domains change.
 */
export class RuntimeSandbox implements CommandSandbox {
  private probed: Promise<SandboxProbe> | undefined;
  private readonly told = new Set<string>();

  constructor(private readonly options: RuntimeSandboxOptions) {}

  async status(root?: string): Promise<SandboxStatus> {
    if (!this.options.settings().enabled) return { state: 'off' };
    const problem = await this.problem();
    if (problem) {
      const key = problem.reason(english);
      if (!this.told.has(key)) {
        this.told.add(key);
        this.options.onUnavailable?.(problem.reason, problem.hint);
      }
      return { state: 'unavailable', ...problem };
    }
    const own = root !== undefined && !this.roots().includes(path.resolve(root)) ? [path.resolve(root)] : undefined;
    return { state: 'ready', policy: describePolicy(this.policy(own)) };
  }

  /** Spec §23: read-only confinement needs only the sandbox itself: no setting, no workspace folder. */
  async readOnly(): Promise<boolean> {
    this.probed ??= (this.options.probe ?? (() => probeSandbox()))();
    if (!(await this.probed).available) return false;
    try {
      await this.runtime();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Spec §23: a command judged read-only, confined: it may write only /dev/null and a temp folder of its own (its
   * TMPDIR, removed on release), reach no host, read no secret file, and sees no variable named like a secret.
   */
  async wrapReadOnly(command: string, id: string, root?: string): Promise<SandboxedCommand> {
    const { SandboxManager } = await this.runtime();
    const key = `codeagent-${++invocations}-${id}`.slice(0, 100);
    const tempDir = await fs.promises.mkdtemp(path.join(this.options.tempDir ?? os.tmpdir(), 'codeagent-read-'));
    const policy = readOnlyPolicy({ roots: this.roots(), home: this.home() }, tempDir, root === undefined ? undefined : path.resolve(root));
    let line: string;
    try {
      // The runtime hands every sandboxed command the one shared TMPDIR it keeps writable: this one is its own.
      const own = `export TMPDIR='${tempDir}'\n${command}`;
      line = await SandboxManager.wrapWithSandbox(own, undefined, sandboxRuntimeConfig(policy, unaskedSecretNames), undefined, { commandId: key, commandText: command });
    } catch (error) {
      await fs.promises.rm(tempDir, { recursive: true, force: true });
      throw error;
    }
    let released = false;
    return {
      line,
      blocked: () => SandboxManager.getSandboxViolationStore().getViolationsForCommand(key).map((violation) => violation.line),
      release: () => {
        if (released) return;
        released = true;
        SandboxManager.cleanupAfterCommand();
        void fs.promises.rm(tempDir, { recursive: true, force: true });
      },
    };
  }

  async wrap(command: string, id: string, root?: string): Promise<SandboxedCommand> {
    const { SandboxManager } = await this.runtime();
    const key = `codeagent-${++invocations}-${id}`.slice(0, 100);
    // A worktree conversation's command (spec §19) writes in its worktree alone, not in the user's folders.
    const own = root === undefined || this.roots().includes(path.resolve(root)) ? undefined : sandboxRuntimeConfig(this.policy([this.ownRoot(root)]));
    const line = await SandboxManager.wrapWithSandbox(command, undefined, own, undefined, { commandId: key, commandText: command });
    let released = false;
    return {
      line,
      blocked: () => SandboxManager.getSandboxViolationStore().getViolationsForCommand(key).map((violation) => violation.line),
      release: () => {
        if (released) return;
        released = true;
        SandboxManager.cleanupAfterCommand();
      },
    };
  }

  private async problem(): Promise<{ reason: UserText; hint?: UserText } | undefined> {
    const roots = this.roots();
    if (roots.length === 0) return { reason: (l10n) => l10n.t('no workspace folder is open, and the home folder is not sandboxed as one') };
    this.probed ??= (this.options.probe ?? (() => probeSandbox()))();
    const probe = await this.probed;
    if (!probe.available) return { reason: probe.reason, hint: probe.hint };
    try {
      await this.runtime();
      return undefined;
    } catch (error) {
      const message = errorMessage(error);
      return { reason: (l10n) => l10n.t('the sandbox runtime could not start ({0})', message) };
    }
  }

  /** Started once per process; the config applied before each use, so settings and folders count at once. */
  private async runtime(): Promise<Runtime> {
    runtime ??= import('@anthropic-ai/sandbox-runtime');
    const loaded = await runtime;
    const config = sandboxRuntimeConfig(this.policy());
    const text = JSON.stringify(config);
    if (!started) {
      appliedConfig = text;
      started = loaded.SandboxManager.initialize(config, undefined, true);
      started.catch(() => (started = undefined));
    }
    await started;
    if (text !== appliedConfig) {
      loaded.SandboxManager.updateConfig(config);
      appliedConfig = text;
    }
    return loaded;
  }

  /** The user's home folder (the tests give their own). */
  private home(): string {
    return this.options.home ?? os.homedir();
  }

  private roots(): string[] {
    const home = path.resolve(this.home());
    return this.options.roots().map((root) => path.resolve(root)).filter((root) => root !== home && root !== path.parse(root).root);
  }

  /** A conversation's own root; never the home folder or `/`, which would make the sandbox no sandbox. */
  private ownRoot(root: string): string {
    const resolved = path.resolve(root);
    if (resolved === path.resolve(this.home()) || resolved === path.parse(resolved).root) throw new Error(`${resolved} cannot be sandboxed as a workspace`);
    return resolved;
  }

  private policy(roots: string[] = this.roots()): SandboxPolicy {
    return sandboxPolicy({
      roots,
      home: this.home(),
      tempDir: this.options.tempDir ?? os.tmpdir(),
      allowedDomains: this.options.settings().allowedDomains,
      nestedRepositories: (root) => nestedRepositories(root),
      gitIsFile: (root) => {
        try {
          return fs.statSync(path.join(root, '.git')).isFile();
        } catch {
          return false;
        }
      },
    });
  }
}
