import { bigramsOf, diceSimilarity, levenshteinRatio, type Bigrams } from './textSimilarity';

export interface SimilarRegion {
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  lines: string[];
  similarity: number;
  /** Equal once leading/trailing whitespace of every line is ignored: an indentation mistake. */
  sameIgnoringWhitespace: boolean;
}

const maxWindowLines = 60;
const maxExactScoreChars = 4000;

/**
 * The region of `fileLines` most similar to `needle` (the same number of lines), for Edit's
 * "0 matches" message. Windows are ranked by per-line bigram similarity, which is linear; the
 * winner's percentage is then an edit-distance ratio when it is small enough to compute.
 */
export function findMostSimilarRegion(fileLines: readonly string[], needle: string): SimilarRegion | undefined {
  const needleLines = needle.replace(/\n$/, '').split('\n');
  const k = Math.min(needleLines.length, fileLines.length);
  if (k === 0) return undefined;
  const scored = needleLines.slice(0, Math.min(k, maxWindowLines)).map((l) => l.trim());
  const needleGrams = scored.map(bigramsOf);
  const lineGrams = new Map<number, Bigrams>();
  const gramsAt = (i: number) => {
    let g = lineGrams.get(i);
    if (!g) lineGrams.set(i, (g = bigramsOf(fileLines[i]!.trim())));
    return g;
  };

  let bestStart = 0;
  let bestScore = -1;
  for (let start = 0; start + k <= fileLines.length; start++) {
    let sum = 0;
    for (let j = 0; j < scored.length; j++) {
      sum += diceSimilarity(scored[j]!, fileLines[start + j]!.trim(), needleGrams[j], gramsAt(start + j));
    }
    const score = sum / scored.length;
    if (score > bestScore) {
      bestScore = score;
      bestStart = start;
    }
  }

  const lines = fileLines.slice(bestStart, bestStart + k);
  const region = lines.join('\n');
  const target = needleLines.slice(0, k).join('\n');
  const similarity = region.length + target.length <= maxExactScoreChars ? levenshteinRatio(region, target) : bestScore;
  const trimmed = (ls: readonly string[]) => ls.map((l) => l.trim()).join('\n');
  return {
    startLine: bestStart + 1,
    endLine: bestStart + k,
    lines,
    similarity,
    sameIgnoringWhitespace: trimmed(lines) === trimmed(needleLines.slice(0, k)),
  };
}

/** Up to `n` names from `candidates` that look like `name`, best first. */
export function similarNames(name: string, candidates: readonly string[], n = 3, threshold = 0.5): string[] {
  const lower = name.toLowerCase();
  return candidates
    .map((c) => ({ c, score: levenshteinRatio(lower, c.toLowerCase()) }))
    .filter((x) => x.score >= threshold)
    .sort((a, b) => b.score - a.score)
    .slice(0, n)
    .map((x) => x.c);
}
