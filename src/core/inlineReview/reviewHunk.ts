/**
 * One change the agent made that the user has not decided on yet (spec §15), as lines of the file as it is now:
 * [start, end) holds what the agent wrote (`agent`), which replaced `original`. A pure deletion has start === end.
 */
export interface ReviewHunk {
  id: string;
  start: number;
  end: number;
  original: string[];
  agent: string[];
  /** Someone else (the user) changed the hunk's own lines since: Undo would lose their text, so it is refused. */
  touched: boolean;
}

export function shifted(hunk: ReviewHunk, delta: number): ReviewHunk {
  return delta === 0 ? hunk : { ...hunk, start: hunk.start + delta, end: hunk.end + delta };
}
