import type { SandboxedCommand } from '../ports/commandSandbox';
import type { Clock } from '../ports/clock';
import type { LaunchedProcess, ProcessLauncher } from '../ports/processLauncher';
import { OutputRing, type RingSlice } from './outputRing';

/** One background process as the panel, the tools and the reminder see it. */
export interface BackgroundProcessView {
  id: string;
  command: string;
  status: 'running' | 'exited';
  /** Set once exited; null when a signal ended it. */
  exitCode: number | null;
  startedAt: number;
  /** Spec §18: it runs inside the OS sandbox. */
  sandboxed?: boolean;
}

export interface BackgroundProcessesOptions {
  launcher: ProcessLauncher;
  clock: Clock;
  /** `codeagent.tools.maxBackgroundProcesses`, read at each start. */
  maxRunning: () => number;
  /** Characters of output kept per process (spec §14: 1 MB). */
  ringChars?: number;
  /** Time between SIGTERM and SIGKILL when a process is stopped (spec §14: 3 s). */
  killGraceMs?: number;
}

/** How a stop ended: it had already exited, SIGTERM was enough, or SIGKILL was needed. */
export type StopOutcome = 'alreadyExited' | 'terminated' | 'killed';

interface Entry {
  view: BackgroundProcessView;
  process: LaunchedProcess | undefined;
  ring: OutputRing;
  /** BashOutput's cursor: the output before it was read already. */
  readPosition: number;
  /** The conversation whose agent started it (spec §16); undefined: no agent's, only the user's panel reaches it. */
  owner: string | undefined;
  exited: Promise<void>;
  markExited: () => void;
  listeners: Set<(chunk: string) => void>;
}

export const defaultRingChars = 1024 * 1024;
export const defaultKillGraceMs = 3000;
const keptExited = 10;

/**
 * The commands that keep running (spec §14): started by Bash with run_in_background, read by BashOutput,
 * stopped by KillBash, the panel's Stop process or when the extension ends. They outlive turns and conversations.
 */
export class BackgroundProcesses {
  private readonly entries = new Map<string, Entry>();
  private readonly changeListeners = new Set<() => void>();
  private nextNumber = 1;

  constructor(private readonly options: BackgroundProcessesOptions) {}

  /** Starts `command`; throws with a message for the model when the limit is reached or it cannot start. */
  async start(command: string, cwd: string, owner?: string, sandboxed?: SandboxedCommand): Promise<BackgroundProcessView> {
    const limit = this.options.maxRunning();
    if (this.running().length >= limit) {
      sandboxed?.release();
      const ids = this.running().map((p) => p.id).join(', ');
      throw new Error(`At most ${limit} background processes may run at once (codeagent.tools.maxBackgroundProcesses); stop one with KillBash first (running: ${ids}).`);
    }
    this.forgetOldExited();
    const id = `bg-${this.nextNumber++}`;
    let markExited = () => {};
    const exited = new Promise<void>((resolve) => (markExited = resolve));
    const entry: Entry = {
      view: { id, command, status: 'running', exitCode: null, startedAt: this.options.clock.now(), ...(sandboxed ? { sandboxed: true } : {}) },
      process: undefined,
      ring: new OutputRing(this.options.ringChars ?? defaultRingChars),
      readPosition: 0,
      owner,
      exited,
      markExited,
      listeners: new Set(),
    };
    this.entries.set(id, entry);
    try {
      // Spec §18: the sandboxed line runs; the command is what the panel and the model see.
      entry.process = await this.options.launcher.launch(sandboxed?.line ?? command, {
        cwd,
        onOutput: (chunk) => {
          entry.ring.append(chunk);
          for (const listener of entry.listeners) listener(chunk);
        },
        onExit: (code) => {
          if (entry.view.status === 'exited') return;
          sandboxed?.release();
          entry.view = { ...entry.view, status: 'exited', exitCode: code };
          entry.markExited();
          this.changed();
        },
      });
    } catch (error) {
      sandboxed?.release();
      this.entries.delete(id);
      throw error;
    }
    this.changed();
    return { ...entry.view };
  }

  get(id: string): BackgroundProcessView | undefined {
    const entry = this.entries.get(id);
    return entry && { ...entry.view };
  }

  /**
   * Spec §16: the agent of one conversation reads and stops only the processes it started (the user's panel reaches
   * all of them through `list`). Fails closed: a caller without a conversation id, or a process without an owner,
   * is reachable by no agent, so wiring that loses the id cannot widen what an agent sees.
   */
  visibleTo(id: string, conversationId: string | undefined): boolean {
    const owner = this.entries.get(id)?.owner;
    return conversationId !== undefined && owner === conversationId;
  }

  /** The processes the agent of `conversationId` may reach (none without one). */
  listFor(conversationId: string | undefined): BackgroundProcessView[] {
    return this.list().filter((p) => this.visibleTo(p.id, conversationId));
  }

  list(): BackgroundProcessView[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.view }));
  }

  running(): BackgroundProcessView[] {
    return this.list().filter((p) => p.status === 'running');
  }

  runningFor(process: BackgroundProcessView): number {
    return this.options.clock.now() - process.startedAt;
  }

  /** Waits until the process exits or `ms` pass on the clock, whichever is first. */
  async settle(id: string, ms: number): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    const exited = new AbortController();
    await Promise.race([entry.exited, this.options.clock.sleep(ms, exited.signal).catch(() => {})]);
    exited.abort();
  }

  /** The output since the previous read (BashOutput), moving the cursor; undefined for an unknown id. */
  readNew(id: string): RingSlice | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    const slice = entry.ring.readFrom(entry.readPosition);
    entry.readPosition = slice.next;
    return slice;
  }

  /**
   * Everything kept so far, then every later chunk as it comes (a terminal that mirrors the process);
   * returns the unsubscribe function, undefined for an unknown id.
   */
  follow(id: string, listener: (chunk: string) => void): (() => void) | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    const kept = entry.ring.readFrom(entry.ring.start).text;
    if (kept) listener(kept);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** SIGTERM to the whole process tree, SIGKILL after the grace period if it is still there. */
  async stop(id: string): Promise<StopOutcome | undefined> {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.view.status === 'exited' || !entry.process) return 'alreadyExited';
    entry.process.signal('SIGTERM');
    const grace = this.options.killGraceMs ?? defaultKillGraceMs;
    await this.settle(id, grace);
    if (this.get(id)?.status === 'exited') return 'terminated';
    entry.process.signal('SIGKILL');
    await this.settle(id, grace);
    return 'killed';
  }

  /** The window closes or the extension deactivates: nothing it started may outlive it. */
  async stopAll(): Promise<void> {
    await Promise.all(this.running().map((p) => this.stop(p.id)));
  }

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Exited processes stay listed (their output readable) until newer ones push them out. */
  private forgetOldExited(): void {
    const exited = [...this.entries.values()].filter((entry) => entry.view.status === 'exited');
    for (const entry of exited.slice(0, Math.max(0, exited.length - keptExited))) this.entries.delete(entry.view.id);
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }
}
