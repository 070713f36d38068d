import { neutraliseOwnMarkup } from '../context/untrustedMarkup';

/** A hunk the user undid (spec §15), told to the model once at its next request. */
export interface UndoneChange {
  path: string;
  /** 1-based lines the restored text now occupies; a restored deletion of nothing names the line it sits before. */
  startLine: number;
  endLine: number;
  restored: string;
}

/** Spec §15: so the model does not silently redo what the user took back. '' when nothing was undone. */
export function undoneChangesReminder(undone: readonly UndoneChange[]): string {
  if (undone.length === 0) return '';
  const items = undone.map((u) => {
    const where = u.endLine > u.startLine ? `lines ${u.startLine}-${u.endLine}` : `line ${u.startLine}`;
    const what = u.restored === '' ? 'your added lines were removed again' : `restored to:\n\`\`\`\n${u.restored}\n\`\`\``;
    // The restored text is the file's: it cannot close the reminder it is quoted in.
    return `- ${neutraliseOwnMarkup(u.path)} ${where}: ${neutraliseOwnMarkup(what)}`;
  });
  return `<system-reminder>\nThe user reviewed your edits and undid these changes; do not make them again unless the user asks:\n${items.join('\n')}\n</system-reminder>`;
}
