import type { TranscriptEntry } from '../protocol/transcript';

/** About what a panel shows on opening, with room to scroll: the rest of a long conversation waits for `loadEarlier`. */
const TAIL_CHARS = 120_000;
const TAIL_ENTRIES = 60;

/**
 * Where a snapshot's entries start (spec §24): the last turns, within TAIL_CHARS of text and TAIL_ENTRIES entries,
 * cut where a turn starts (a top-level user entry), so no group (a call and its approval, a Task and its steps) is
 * split. The last turn is always sent whole. 0: everything.
 */
export function tailStart(entries: readonly TranscriptEntry[]): number {
  let chars = 0;
  let cut = entries.length;
  for (let i = entries.length - 1; i >= 0; i--) {
    chars += entries[i]!.text.length;
    if (chars > TAIL_CHARS || entries.length - i > TAIL_ENTRIES) break;
    cut = i;
  }
  if (cut === 0) return 0;
  for (let i = cut; i < entries.length; i++) if (startsTurn(entries[i]!)) return i;
  for (let i = cut - 1; i > 0; i--) if (startsTurn(entries[i]!)) return i;
  return 0;
}

function startsTurn(entry: TranscriptEntry): boolean {
  return entry.kind === 'user' && !entry.parent;
}
