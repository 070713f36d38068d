import { formatMessage } from '../src/protocol/l10nFormat';
import { panelStrings, panelStringsElementId, type PanelStringKey } from '../src/protocol/panelStrings';

let strings: Partial<Record<PanelStringKey, string>> | undefined;

/** The panel's text for `key`, `{0}`… filled with `args`; English when the page carries no bundle (the test harnesses). */
export function t(key: PanelStringKey, ...args: Array<string | number>): string {
  strings ??= readBundle();
  return formatMessage(strings[key] ?? panelStrings[key], args);
}

/** A count with its noun in the right number: `one` for 1, else `other`; the count is `{0}`. */
export function tn(count: number, one: PanelStringKey, other: PanelStringKey, ...args: Array<string | number>): string {
  return t(count === 1 ? one : other, count, ...args);
}

function readBundle(): Partial<Record<PanelStringKey, string>> {
  const text = document.getElementById(panelStringsElementId)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<Record<PanelStringKey, string>>;
  } catch {
    return {};
  }
}
