import { english, type Translator } from '../ports/translator';
import type { BackgroundProcessView } from './backgroundProcesses';

/** Spec §14's words for a process's state: `running` or `exited with code N`; English for the model, `l10n` for the user. */
export function processStatusText(process: BackgroundProcessView, l10n: Translator = english): string {
  if (process.status === 'running') return l10n.t('running');
  return process.exitCode === null ? l10n.t('exited with code none (killed by a signal)') : l10n.t('exited with code {0}', process.exitCode);
}
