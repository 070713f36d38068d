import { structuredPatch } from 'diff';
import { toEditorText } from './proposalText';
import type { WorkspaceFs } from '../ports/workspaceFs';

/** The model is shown at most this many diff lines of what a save changed. */
export const maxSaveDiffLines = 20;

/**
 * What the file holds once the write returned: an editor's save participants (format on save, trim
 * whitespace, final newline, EOL) may have rewritten what was approved. The approved text when the file
 * cannot be read back, so a failed read never loses the write's record.
 */
export async function landedText(fs: WorkspaceFs, path: string, approved: string): Promise<string> {
  try {
    return await fs.readFile(path);
  } catch {
    return approved;
  }
}

/** The save's changes to the approved text as a unified diff body (no file headers), at most `maxLines` lines. */
export function saveDiff(approved: string, landed: string, maxLines = maxSaveDiffLines): string {
  const patch = structuredPatch('approved', 'saved', toEditorText(approved), toEditorText(landed), undefined, undefined, { context: 1 });
  const lines = patch.hunks.flatMap((h) => [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines]);
  if (lines.length <= maxLines) return lines.join('\n');
  return `${lines.slice(0, maxLines).join('\n')}\n… (${lines.length - maxLines} more diff lines)`;
}

/** Tells the model that the file on disk is not exactly what was approved; '' when it is. */
export function changedOnSaveNote(approved: string, landed: string): string {
  if (approved === landed) return '';
  if (toEditorText(approved) === toEditorText(landed)) {
    return '\n\nNote: the file was changed on save (line endings or byte order mark normalised); its text is otherwise as approved.';
  }
  return `\n\nNote: the file was changed on save (formatter or other save action); it now differs from what was approved. Edit from this version:\n${saveDiff(approved, landed)}`;
}
