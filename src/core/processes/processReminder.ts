import type { BackgroundProcessView } from './backgroundProcesses';
import { formatDuration } from './duration';
import { neutraliseOwnMarkup } from '../context/untrustedMarkup';

/**
 * Spec §14: appended to the next user message while background processes run, so the model knows what it
 * left running (ids to read or stop) even in a new conversation. '' when none runs.
 */
export function runningProcessesReminder(running: readonly BackgroundProcessView[], now: number): string {
  if (running.length === 0) return '';
  // The command is the model's text: it cannot close the reminder it is listed in.
  const lines = running.map((p) => `- ${p.id}: ${neutraliseOwnMarkup(p.command)} (running for ${formatDuration(now - p.startedAt)})`);
  return `<system-reminder>\nBackground processes still running (read with BashOutput, stop with KillBash when no longer needed):\n${lines.join('\n')}\n</system-reminder>`;
}
