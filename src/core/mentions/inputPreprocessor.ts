import type { Translator } from '../ports/translator';
import type { WorkspaceFs } from '../ports/workspaceFs';
import { cancellableFs, untilAborted } from './cancellableFs';
import { mentionReminder } from './mentionReminder';
import { resolveMentions, type Mention } from './mentionResolver';
import { extractSmartContext } from './smartContext';

export interface PreprocessedInput {
  /** What the model receives as the current user input: the text, then the `<Context>` block, then the reminders. */
  modelText: string;
  /** Each mentioned file or folder once, in order of appearance (all of them, not only the five reminded). */
  mentions: Mention[];
  /** Every `@path` occurrence in the text, for chips. */
  mentionOccurrences: Mention[];
  /** The reminders appended to the text, '' if none; shown collapsed under the user message. */
  reminderText: string;
  /** Files whose content `@file:` put into the message. */
  contextFiles: string[];
  /** `@file:` misses and refusals, for the user, in their words (`l10n`; the model reads them in English). */
  warnings: string[];
}

/**
 * Spec §5: turns the user's text into the current input for the model, before anything is written to history.
 * `signal` (Stop, New Chat) ends it at once: an `@file:` keyword can walk tens of thousands of files.
 * `stateReminder`: CodeAgent's own reminder of what is going on (the background processes running), appended last.
 */
export async function preprocessUserInput(text: string, fs: WorkspaceFs, signal?: AbortSignal, stateReminder = '', l10n?: Translator): Promise<PreprocessedInput> {
  const files = signal ? cancellableFs(fs, signal) : fs;
  const work = Promise.all([resolveMentions(text, files), extractSmartContext(text, files, l10n)]);
  const [resolved, context] = signal ? await untilAborted(work, signal) : await work;
  const reminderText = [mentionReminder(resolved.mentions), stateReminder].filter(Boolean).join('\n');
  let modelText = text;
  for (const appendix of [context.block, reminderText]) if (appendix) modelText += `\n\n${appendix}`;
  return {
    modelText,
    mentions: resolved.mentions,
    mentionOccurrences: resolved.occurrences,
    reminderText,
    contextFiles: context.files,
    warnings: context.warnings,
  };
}
