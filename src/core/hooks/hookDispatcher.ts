import type { HookRunner } from '../ports/hookRunner';
import type { Translator } from '../ports/translator';
import { matchesTool, type HookEntry, type HookEvent } from './hookConfig';
import { combineOutcomes, interpretRun, type HookOutcome } from './hookOutcome';

export interface HookDispatcherDeps {
  /** The hooks that may run now (trust/hookTrust.activeHooks decided), read afresh by the host at each event. */
  hooks: () => readonly HookEntry[] | Promise<readonly HookEntry[]>;
  runner: HookRunner;
  cwd: string;
  /** Every run, for the output channel. */
  log: (message: string) => void;
  /** Shown to the user: exit codes other than 0 and 2, timeouts, unreadable output. */
  warn: (message: string) => void;
  /** Words the warnings in the user's language (spec §20); English when absent. */
  l10n?: Translator;
}

/** Runs the hooks of an event (Claude Code's stdin JSON; matching hooks run in parallel) and says what they decided together. */
export class HookDispatcher {
  constructor(private readonly deps: HookDispatcherDeps) {}

  async run(event: HookEvent, sessionId: string, fields: Record<string, unknown>, signal?: AbortSignal): Promise<HookOutcome> {
    const toolName = typeof fields.tool_name === 'string' ? fields.tool_name : undefined;
    const matching = (await this.deps.hooks()).filter((hook) => hook.event === event && (toolName === undefined || matchesTool(hook.matcher, toolName)));
    if (matching.length === 0) return { context: [], warnings: [] };
    const stdin = JSON.stringify({ session_id: sessionId, transcript_path: '', cwd: this.deps.cwd, permission_mode: 'default', hook_event_name: event, ...fields });
    const outcomes = await Promise.all(matching.map(async (hook) => {
      const started = Date.now();
      const run = await this.deps.runner.run(hook.command, { stdin, cwd: this.deps.cwd, timeoutMs: hook.timeoutSeconds * 1000, signal });
      const ended = run.error ? `could not start: ${run.error}` : run.timedOut ? 'timed out' : `exit ${run.exitCode ?? 'killed'}`;
      this.deps.log(`hook ${event}${toolName ? ` (${toolName})` : ''} from ${hook.source}: ${hook.command} → ${ended} in ${Date.now() - started} ms${run.stderr.trim() ? `; stderr: ${run.stderr.trim().slice(0, 500)}` : ''}`);
      return interpretRun(hook, run, this.deps.l10n);
    }));
    const outcome = combineOutcomes(outcomes);
    for (const warning of outcome.warnings) this.deps.warn(warning);
    return outcome;
  }
}
