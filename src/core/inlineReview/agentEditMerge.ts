import { lineHunks, type LineDiffHunk } from './lineHunks';
import { shifted, type ReviewHunk } from './reviewHunk';

/**
 * The hunks after the agent changed the file from `before` to `after` (both as lines). A new change that meets
 * a hunk (overlapping or adjacent) merges with it: the merged hunk's original is what the file held before any
 * of them; it is then diffed again against what the agent left, so a change the agent took back splits a hunk
 * or removes it. A hunk the user touched stays one touched hunk.
 */
export function mergeAgentEdit(hunks: readonly ReviewHunk[], before: readonly string[], after: readonly string[], newId: () => string): ReviewHunk[] {
  const changes = lineHunks(before, after);
  if (changes.length === 0) return [...hunks];
  const result: ReviewHunk[] = [];
  let h = 0;
  let c = 0;
  // How far `after` has moved against `before` up to the group being built.
  let delta = 0;
  while (h < hunks.length || c < changes.length) {
    const hunk = hunks[h];
    const change = changes[c];
    if (hunk && (!change || hunk.end < change.aStart)) {
      result.push(shifted(hunk, delta));
      h++;
      continue;
    }
    // A group starts with this change; it swallows every hunk and change meeting it.
    let start = change!.aStart;
    let end = change!.aStart + change!.aCount;
    const group: ReviewHunk[] = [];
    const groupChanges: LineDiffHunk[] = [];
    let grew = true;
    while (grew) {
      grew = false;
      const nextHunk = hunks[h];
      if (nextHunk && nextHunk.start <= end && start <= nextHunk.end) {
        group.push(nextHunk);
        start = Math.min(start, nextHunk.start);
        end = Math.max(end, nextHunk.end);
        h++;
        grew = true;
      }
      const nextChange = changes[c];
      if (nextChange && nextChange.aStart <= end && start <= nextChange.aStart + nextChange.aCount) {
        groupChanges.push(nextChange);
        end = Math.max(end, nextChange.aStart + nextChange.aCount);
        c++;
        grew = true;
      }
    }
    const groupDelta = groupChanges.reduce((sum, g) => sum + g.bCount - g.aCount, 0);
    const afterStart = start + delta;
    const agent = after.slice(afterStart, end + delta + groupDelta);
    const original = originalOf(before, group, start, end);
    if (group.some((g) => g.touched)) {
      result.push({ id: group[0]!.id, start: afterStart, end: afterStart + agent.length, original, agent, touched: true });
    } else {
      const ids = group.map((g) => g.id);
      for (const part of lineHunks(original, agent)) {
        result.push({
          id: ids.shift() ?? newId(),
          start: afterStart + part.bStart,
          end: afterStart + part.bStart + part.bCount,
          original: original.slice(part.aStart, part.aStart + part.aCount),
          agent: agent.slice(part.bStart, part.bStart + part.bCount),
          touched: false,
        });
      }
    }
    delta += groupDelta;
  }
  return result;
}

/** What lines [start, end) of `before` held before the agent's undecided hunks among them. */
function originalOf(before: readonly string[], group: readonly ReviewHunk[], start: number, end: number): string[] {
  const original: string[] = [];
  let line = start;
  for (const hunk of group) {
    original.push(...before.slice(line, hunk.start), ...hunk.original);
    line = hunk.end;
  }
  original.push(...before.slice(line, end));
  return original;
}
