import { errorMessage } from '../core/errorMessage';
import { TranscriptEntry, type Onboarding } from '../protocol/transcript';
import { l10n } from './hostL10n';

/** Settings that cannot be read leave plan mode off. */
export function planModeOrOff(read: () => boolean): boolean {
  try {
    return read();
  } catch {
    return false;
  }
}

/** Never throws: a panel that cannot tell whether it is ready must still say something. */
export function onboardingOrProblem(read: () => Onboarding | null, log: (message: string) => void): Onboarding | null {
  try {
    return read();
  } catch (error) {
    log(`Onboarding check failed: ${error instanceof Error ? error.stack : String(error)}`);
    return { title: l10n.t('Settings could not be read'), message: l10n.t('CodeAgent could not read its settings: {0}. Check the codeagent.* settings.', errorMessage(error)), actions: [{ label: l10n.t('Open Settings'), command: 'openSettings' }] };
  }
}

/** The stored entries that are valid, themselves and not copies: the store writes only what changed since it read them. */
export function storedEntries(raw: unknown[]): TranscriptEntry[] {
  return raw.filter((entry): entry is TranscriptEntry => TranscriptEntry.safeParse(entry).success);
}
