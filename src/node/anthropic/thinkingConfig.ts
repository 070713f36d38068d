import type { ReasoningEffort } from '../../core/ports/modelClient';
import type { MessagesBody } from './messagesWire';

/** Anthropic's smallest thinking budget. */
const minBudget = 1024;
const budgets: Record<'low' | 'medium' | 'high' | 'max', number> = { low: 2048, medium: 8192, high: 16_384, max: 32_000 };

/**
 * Claude models that think adaptively and take `output_config.effort` (Claude 4.6 and later); older Claude models
 * and the Anthropic-compatible endpoints' models take a `budget_tokens`.
 */
export function takesAdaptiveThinking(model: string): boolean {
  const match = /claude-(?:opus|sonnet|haiku|fable|mythos)-(\d+)(?:-(\d{1,2}))?(?!\d)/i.exec(model);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = match[2] === undefined ? 0 : Number(match[2]);
  return major > 4 || (major === 4 && minor >= 6);
}

/**
 * Spec §3 `model.reasoningEffort` as the Messages API spells it: `default` sends nothing, `none` turns thinking
 * off, a level turns it on, adaptive with that effort where the model takes it, else with a budget kept below
 * `max_tokens` (none when no budget of 1,024 tokens fits). `temperature` is never set: thinking refuses it.
 */
export function thinkingParams(model: string, effort: ReasoningEffort | undefined, maxTokens: number): Pick<MessagesBody, 'thinking' | 'output_config'> {
  if (!effort || effort === 'default') return {};
  if (effort === 'none') return { thinking: { type: 'disabled' } };
  if (takesAdaptiveThinking(model)) return { thinking: { type: 'adaptive' }, output_config: { effort } };
  const budget = Math.min(budgets[effort], maxTokens - minBudget);
  return budget >= minBudget ? { thinking: { type: 'enabled', budget_tokens: budget } } : {};
}
