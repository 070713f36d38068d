/** Compact token counts for headers and the usage meter: 340, 1.2k, 15k. */
export function formatTokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n);
}

export function formatCost(cost: number): string {
  return `$${cost.toFixed(4)}`;
}
