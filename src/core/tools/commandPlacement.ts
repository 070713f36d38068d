import type { SandboxedCommand } from '../ports/commandSandbox';
import { errorMessage } from '../errorMessage';
import type { ApprovalRequest, CommandUnasked } from './approval';
import { ToolFailure } from './toolResults';
import type { ToolContext } from './toolTypes';

/** Where an approved command runs (spec §18): inside the sandbox, or outside it once the user said so. */
export interface CommandPlacement {
  command: string;
  userEdited: boolean;
  sandboxed?: SandboxedCommand;
  /** The sandbox's rules in words for the model, when the command runs inside it. */
  policy?: string;
  /** Spec §23: why it ran without asking (`read-only`, `allowed: <rule>`, …); absent when the user was asked. */
  unasked?: CommandUnasked;
  /** The line that runs when it is not `command`: read-only git with its safe options (spec §23). */
  run?: string;
}

type CommandRequest = Extract<ApprovalRequest, { kind: 'command' }>;

/**
 * Asks what must be asked and wraps what may run sandboxed. A sandboxed command runs unasked; `sandbox: false`
 * always asks; a sandbox that cannot start for this command makes it ask: nothing runs bare without the user.
 */
export async function placeCommand(asked: string, options: { sandbox?: boolean; background?: boolean }, ctx: ToolContext): Promise<CommandPlacement> {
  const sandbox = ctx.commands.sandbox;
  const status = options.sandbox === false || !sandbox ? undefined : await sandbox.status(ctx.fs.root);
  const parsed = await ctx.commands.parser?.parse(asked, { cwd: ctx.fs.root });
  const base: CommandRequest = { kind: 'command', command: asked, cwd: ctx.fs.root, ...(options.background ? { background: true as const } : {}), ...(parsed ? { parsed } : {}) };
  const request: CommandRequest = options.sandbox === false
    ? { ...base, outsideSandbox: (l10n) => l10n.t('Outside the sandbox: the model asked to run it outside the sandbox.') }
    : status?.state === 'ready'
      ? { ...base, sandboxed: true }
      : status?.state === 'unavailable' ? { ...base, sandboxUnavailable: (l10n) => l10n.t('Not sandboxed: no sandbox is available ({0}).', status.reason(l10n)) } : base;
  const approved = await approvedCommand(request, ctx);
  let { command } = approved;
  const unasked = approved.unasked && approved.unasked.kind !== 'sandboxed' ? { unasked: approved.unasked } : {};
  if (approved.unasked?.kind === 'read-only' && !request.sandboxed) return confineReadOnly(command, approved.run, base, ctx);
  if (!request.sandboxed || !sandbox || status?.state !== 'ready') return { command, userEdited: command !== asked, ...unasked };
  try {
    return { command, userEdited: command !== asked, sandboxed: await sandbox.wrap(command, ctx.callId ?? command, ctx.fs.root), policy: status.policy };
  } catch (error) {
    const why = errorMessage(error);
    command = (await approvedCommand({ ...base, command, outsideSandbox: (l10n) => l10n.t('Outside the sandbox: the sandbox could not start for it ({0}).', why) }, ctx)).command;
    return { command, userEdited: command !== asked };
  }
}

/**
 * Spec §23: unasked means confined. A command judged read-only runs in the sandbox's read-only policy wherever the
 * sandbox can run, whatever `sandbox.enabled` says, so a wrong "read-only" can neither write nor send. Where there
 * is none, the judge stands alone; where there is one and it fails for this command, the command asks.
 */
async function confineReadOnly(command: string, run: string | undefined, base: CommandRequest, ctx: ToolContext): Promise<CommandPlacement> {
  const sandbox = ctx.commands.sandbox;
  const placement: CommandPlacement = { command, userEdited: false, unasked: { kind: 'read-only' }, ...(run !== undefined ? { run } : {}) };
  if (!sandbox?.readOnly || !sandbox.wrapReadOnly || !(await sandbox.readOnly())) return placement;
  try {
    return { ...placement, sandboxed: await sandbox.wrapReadOnly(run ?? command, ctx.callId ?? command) };
  } catch (error) {
    const why = errorMessage(error);
    const asked = (await approvedCommand({ ...base, outsideSandbox: (l10n) => l10n.t('Outside the sandbox: the sandbox could not start for it ({0}).', why) }, ctx)).command;
    return { command: asked, userEdited: asked !== command };
  }
}

async function approvedCommand(request: CommandRequest, ctx: ToolContext): Promise<{ command: string; unasked?: CommandUnasked; run?: string }> {
  const decision = await ctx.approve(request);
  if (decision.decision === 'rejected') {
    const feedback = decision.feedback?.trim();
    throw new ToolFailure('rejected', `The user rejected the command; it was not run.${feedback ? ` User feedback: ${feedback}` : ''}`, {
      command: request.command,
      feedback: feedback || undefined,
    });
  }
  return { command: decision.finalContent?.trim() || request.command, ...(decision.unasked ? { unasked: decision.unasked } : {}), ...(decision.run !== undefined ? { run: decision.run } : {}) };
}
