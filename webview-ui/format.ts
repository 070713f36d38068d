import { t } from './l10n';

/** Compact token counts for headers and the usage meter: 340, 1.2k, 15k. */
export function formatTokens(n: number): string {
  return n >= 1000 ? t('unit.thousands', (n / 1000).toFixed(n >= 10_000 ? 0 : 1)) : String(n);
}

export function formatCost(cost: number): string {
  return `$${cost.toFixed(4)}`;
}

/** How long a tool call ran: 40 ms, 1.3 s, 12 s, 2 m 5 s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return t('unit.ms', Math.max(0, Math.round(ms)));
  const seconds = ms / 1000;
  if (seconds < 10) return t('unit.s', seconds.toFixed(1));
  if (seconds < 60) return t('unit.s', Math.round(seconds));
  return t('unit.minSec', Math.floor(seconds / 60), Math.round(seconds % 60));
}

/** How long a call has been running, in whole seconds as it ticks: 3 s, 1 m 5 s. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return seconds < 60 ? t('unit.s', seconds) : t('unit.minSec', Math.floor(seconds / 60), seconds % 60);
}
