import type { FileType } from '../ports/workspaceFs';

/** Seed 001 §A7: more reminders than this dilute the instruction; the rest are counted. */
export const maxRemindedMentions = 5;

/**
 * The text appended to the user message (not a separate message) telling the model to read what the
 * user mentioned; '' when nothing was mentioned. No file content is injected.
 */
export function mentionReminder(mentions: readonly { path: string; kind: FileType; lines?: { from: number; to: number } }[]): string {
  const blocks = mentions.slice(0, maxRemindedMentions).map(reminderBlock);
  const more = mentions.length - maxRemindedMentions;
  if (more > 0) blocks.push(`(and ${more} more…)`);
  return blocks.join('\n');
}

function reminderBlock(mention: { path: string; kind: FileType; lines?: { from: number; to: number } }): string {
  const range = mention.lines && (mention.lines.from === mention.lines.to ? `line ${mention.lines.from}` : `lines ${mention.lines.from}-${mention.lines.to}`);
  const instruction =
    mention.kind === 'directory'
      ? `The user mentioned @${mention.path}/.\nYou MUST list this folder with the LS tool before answering.`
      : range
        ? `The user mentioned @${mention.path} (${range}).\nYou MUST read this file with the Read tool before answering, at least ${range} (offset ${mention.lines!.from}).`
        : `The user mentioned @${mention.path}.\nYou MUST read this file with the Read tool before answering.`;
  return `<system-reminder>\n${instruction}\n</system-reminder>`;
}
