import type { EventSink } from '../events';
import type { HookDispatcher } from '../hooks/hookDispatcher';
import type { Translator } from '../ports/translator';

/**
 * SessionStart (before the conversation's first message) and UserPromptSubmit (before every message):
 * exit 2 refuses the prompt; plain stdout or `additionalContext` is added to what the model reads with it.
 */
export async function runPromptHooks(hooks: HookDispatcher | undefined, sessionId: string, prompt: string, firstTurn: boolean, signal: AbortSignal): Promise<{ blocked?: string; context: string }> {
  if (!hooks) return { context: '' };
  const context: string[] = [];
  if (firstTurn) context.push(...(await hooks.run('SessionStart', sessionId, { source: 'startup' }, signal)).context);
  const outcome = await hooks.run('UserPromptSubmit', sessionId, { prompt }, signal);
  if (outcome.blocked) return { blocked: outcome.blocked, context: '' };
  context.push(...outcome.context);
  return { context: context.length ? `\n\n<hook-context>\n${context.join('\n')}\n</hook-context>` : '' };
}

/** Stop: run once the turn ended by itself. Claude Code would go on when it blocks; CodeAgent says so instead (docs/security.md). */
export async function runStopHooks(hooks: HookDispatcher | undefined, sessionId: string, turnId: string, emit: EventSink, l10n: Translator): Promise<void> {
  if (!hooks) return;
  const outcome = await hooks.run('Stop', sessionId, { stop_hook_active: false });
  if (outcome.blocked) emit({ type: 'notice', turnId, text: `${l10n.t('A Stop hook asked the agent to go on: {0}', outcome.blocked)}\n${l10n.t('Send a message to continue.')}` });
}
