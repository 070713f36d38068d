import { isWordedForUser, type Translator } from './ports/translator';

/** What to tell the user or the model about a thrown value: an Error's message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What to tell the user about a thrown value, in their words when it can say itself in them (ModelError). */
export function userErrorMessage(error: unknown, l10n: Translator): string {
  return isWordedForUser(error) ? error.userText(l10n) : errorMessage(error);
}
