import type { Translator } from '../core/ports/translator';
import { formatMessage } from '../protocol/l10nFormat';

type Translate = (message: string, args: Array<string | number>) => string;

let translate: Translate = formatMessage;

/**
 * `l10n.t` for the host's files that run without VS Code in unit tests: English until activation installs
 * vscode.l10n.t (useHostTranslator), which looks the English message up in l10n/bundle.l10n.<lang>.json.
 * It is also src/core's Translator port: the host hands it to what core words for the user.
 */
export const l10n: Translator = {
  t(message: string, ...args: Array<string | number>): string {
    return translate(message, args);
  },
};

export function useHostTranslator(next: Translate): void {
  translate = next;
}
