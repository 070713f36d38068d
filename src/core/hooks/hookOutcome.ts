import type { HookRun } from '../ports/hookRunner';
import { english, type Translator } from '../ports/translator';
import type { HookEntry, HookEvent } from './hookConfig';

export type PermissionDecision = 'allow' | 'deny' | 'ask';

/** What the hooks of one event said, together. */
export interface HookOutcome {
  /** Exit 2 or `decision: "block"`: the reasons (stderr), joined. */
  blocked?: string;
  /** The strictest `permissionDecision` given (deny > ask > allow), PreToolUse only. */
  decision?: PermissionDecision;
  reason?: string;
  /** Text for the model: `additionalContext`, or plain stdout of UserPromptSubmit / SessionStart. */
  context: string[];
  /** Shown to the user (in their words), never blocking: other exit codes, timeouts, unreadable output. */
  warnings: string[];
}

const strictness: Record<PermissionDecision, number> = { allow: 0, ask: 1, deny: 2 };

/** Claude Code's semantics for one run: exit 0 reads stdout (JSON or text), exit 2 blocks with stderr, anything else warns. */
export function interpretRun(hook: HookEntry, run: HookRun, l10n: Translator = english): HookOutcome {
  const outcome: HookOutcome = { context: [], warnings: [] };
  const name = `${hook.event} hook "${clip(hook.command, 120)}" (${hook.source})`;
  const command = clip(hook.command, 120);
  if (run.error) return { ...outcome, warnings: [l10n.t('{0} hook "{1}" ({2}) could not run: {3}', hook.event, command, hook.source, run.error)] };
  if (run.timedOut) return { ...outcome, warnings: [l10n.t('{0} hook "{1}" ({2}) was stopped after its timeout of {3} s', hook.event, command, hook.source, hook.timeoutSeconds)] };
  if (run.exitCode === 2) return { ...outcome, blocked: run.stderr.trim() || `blocked by ${name} (exit 2, no message)` };
  if (run.exitCode !== 0) {
    const exit = run.exitCode === null ? l10n.t('{0} hook "{1}" ({2}) was ended by a signal', hook.event, command, hook.source) : l10n.t('{0} hook "{1}" ({2}) exited with {3}', hook.event, command, hook.source, run.exitCode);
    return { ...outcome, warnings: [`${exit}${run.stderr.trim() ? `: ${clip(run.stderr.trim(), 500)}` : ''}`] };
  }
  const stdout = run.stdout.trim();
  if (!stdout) return outcome;
  if (!stdout.startsWith('{')) {
    if (hook.event === 'UserPromptSubmit' || hook.event === 'SessionStart') outcome.context.push(stdout);
    return outcome;
  }
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    return { ...outcome, warnings: [l10n.t('{0} hook "{1}" ({2}) printed output that starts like JSON but is not valid JSON; it was ignored', hook.event, command, hook.source)] };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return outcome;
  const record = json as Record<string, unknown>;
  const specific = typeof record.hookSpecificOutput === 'object' && record.hookSpecificOutput !== null ? (record.hookSpecificOutput as Record<string, unknown>) : {};
  const decision = specific.permissionDecision ?? legacyDecision(record.decision, hook.event);
  if (hook.event === 'PreToolUse' && (decision === 'allow' || decision === 'deny' || decision === 'ask')) {
    outcome.decision = decision;
    const reason = specific.permissionDecisionReason ?? record.reason;
    if (typeof reason === 'string' && reason.trim()) outcome.reason = reason.trim();
  } else if (record.decision === 'block' && hook.event !== 'PreToolUse') {
    outcome.blocked = typeof record.reason === 'string' && record.reason.trim() ? record.reason.trim() : `blocked by ${name}`;
  }
  if (typeof specific.additionalContext === 'string' && specific.additionalContext.trim()) outcome.context.push(specific.additionalContext.trim());
  return outcome;
}

/** Claude Code's older PreToolUse output: `decision: "approve" | "block"`. */
function legacyDecision(decision: unknown, event: HookEvent): unknown {
  if (event !== 'PreToolUse') return undefined;
  return decision === 'approve' ? 'allow' : decision === 'block' ? 'deny' : undefined;
}

export function combineOutcomes(outcomes: readonly HookOutcome[]): HookOutcome {
  const blocked = outcomes.map((o) => o.blocked).filter((b): b is string => !!b);
  const decided = outcomes.filter((o) => o.decision).sort((a, b) => strictness[b.decision!] - strictness[a.decision!])[0];
  return {
    blocked: blocked.length ? blocked.join('\n') : undefined,
    decision: decided?.decision,
    reason: decided?.reason,
    context: outcomes.flatMap((o) => o.context),
    warnings: outcomes.flatMap((o) => o.warnings),
  };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
