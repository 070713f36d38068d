/** Similarity scores in [0, 1] for "did you mean" hints. */

/** 1 − edit distance / longer length (two-row Levenshtein: O(a·b) time, O(b) memory). */
export function levenshteinRatio(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return 1 - previous[b.length]! / Math.max(a.length, b.length);
}

export type Bigrams = Map<string, number>;

export function bigramsOf(s: string): Bigrams {
  const grams: Bigrams = new Map();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** Sørensen–Dice over character bigrams: linear time, so it can score every window of a large file. */
export function diceSimilarity(a: string, b: string, ga: Bigrams = bigramsOf(a), gb: Bigrams = bigramsOf(b)): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  let shared = 0;
  for (const [g, n] of ga) shared += Math.min(n, gb.get(g) ?? 0);
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

export function percent(score: number): string {
  return `${Math.round(score * 100)}%`;
}
