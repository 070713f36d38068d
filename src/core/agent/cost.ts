import type { ConversationTotals } from '../conversation/conversation';
import type { TokenUsage } from '../ports/modelClient';
import type { Settings } from '../settings';

/** Anthropic bills input written to its prompt cache (5-minute entries) at 1.25 times the input price. */
export const cacheWritePriceFactor = 1.25;

/**
 * What a model call cost, as the provider bills it: input its prompt cache served is billed at the cached
 * price (the input price when none is set), input written to the cache at 1.25x input, the rest of the input
 * and the output at theirs.
 */
export function costOf(usage: TokenUsage, settings: Settings): number {
  const { inputPricePerMTok, outputPricePerMTok, cachedInputPricePerMTok } = settings.model;
  // A provider cannot have served from cache (or written to it) more than the whole prompt; clamp a nonsensical report.
  const cached = Math.min(Math.max(usage.cachedInputTokens ?? 0, 0), usage.inputTokens);
  const written = Math.min(Math.max(usage.cacheWriteInputTokens ?? 0, 0), usage.inputTokens - cached);
  const uncached = usage.inputTokens - cached - written;
  const input = uncached * inputPricePerMTok + written * inputPricePerMTok * cacheWritePriceFactor + cached * (cachedInputPricePerMTok ?? inputPricePerMTok);
  return (input + usage.outputTokens * outputPricePerMTok) / 1_000_000;
}


/** Totals after one more call; cached input is counted once some call reported it, so "none reported" stays distinguishable from 0. */
export function addUsage(totals: ConversationTotals, usage: TokenUsage, cost: number): ConversationTotals {
  const next: ConversationTotals = { inputTokens: totals.inputTokens + usage.inputTokens, outputTokens: totals.outputTokens + usage.outputTokens, cost: totals.cost + cost };
  if (totals.cachedInputTokens !== undefined || usage.cachedInputTokens !== undefined) next.cachedInputTokens = (totals.cachedInputTokens ?? 0) + (usage.cachedInputTokens ?? 0);
  return next;
}
