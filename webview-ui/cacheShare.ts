import type { UsageSummary } from '../src/protocol/transcript';
import { formatTokens } from './format';
import { t } from './l10n';

/**
 * "cache 82%" beside the tokens: the share of input the provider's prompt cache served. Each request of a turn
 * resends the previous one whole, so most input should be cached; nothing is shown when no call reported it.
 */
export function cacheShare(usage: UsageSummary): { text: string; title: string } | undefined {
  const cached = usage.cachedInputTokens;
  if (cached === undefined || usage.inputTokens <= 0) return undefined;
  const share = Math.min(cached, usage.inputTokens) / usage.inputTokens;
  const percent = Math.round(share * 100);
  return {
    text: t('usage.cache', percent),
    title: t('usage.cacheTitle', percent, formatTokens(Math.min(cached, usage.inputTokens)), formatTokens(usage.inputTokens)),
  };
}
