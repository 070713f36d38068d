import type { TranscriptEntry } from './transcript';

/**
 * How many top-level entries (groups) the panel makes of these entries: a nested entry sits in its parent's, an
 * approval in its call's card (webview-ui/transcriptView.ts files them the same way). A snapshot that leaves entries
 * out says this of them, so `aria-posinset` counts from the conversation's true start (spec §24).
 */
export function groupCount(entries: readonly TranscriptEntry[]): number {
  const known = new Set<string>();
  let count = 0;
  for (const entry of entries) {
    const owner = entry.kind === 'approval' ? `call-${String(entry.meta?.callId)}` : entry.parent;
    if (!(owner && known.has(owner)) && !(entry.parent && known.has(entry.parent))) count++;
    known.add(entry.id);
  }
  return count;
}
