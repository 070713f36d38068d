/**
 * The user's language (spec §20) for text made in src/core, which cannot import vscode: the host implements it
 * with vscode.l10n.t, which looks the English message up in l10n/bundle.l10n.<lang>.json. Model-facing text (the
 * system prompt, tool docs, tool results) never goes through it.
 */
export type Translate = (message: string, ...args: Array<string | number>) => string;

/**
 * Held as `l10n` wherever core words something for the user, so each message is an `l10n.t` call as in the host
 * and test/support/l10nMessages finds it for the bundles. The message is a single-quoted literal: the English
 * source text, with `{0}`, `{1}`… for its arguments.
 */
export interface Translator {
  readonly t: Translate;
}

/** English: the message itself with its arguments filled in. The default wherever no host gave a translator (tests). */
export const english: Translator = {
  t: (message, ...args) => message.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  }),
};

/** Text for the user worded when it is shown, in whatever language the one showing it speaks; `text(english)` is the English. */
export type UserText = (l10n: Translator) => string;

/** Something (an error) that can say itself in the user's words; its `message` stays English. */
export interface WordedForUser {
  userText(l10n: Translator): string;
}

export function isWordedForUser(value: unknown): value is WordedForUser {
  return typeof value === 'object' && value !== null && typeof (value as Partial<WordedForUser>).userText === 'function';
}
