import type { TokenUsage } from '../ports/modelClient';
import type { Settings } from '../settings';

export function costOf(usage: TokenUsage, settings: Settings): number {
  return (usage.inputTokens * settings.model.inputPricePerMTok + usage.outputTokens * settings.model.outputPricePerMTok) / 1_000_000;
}
