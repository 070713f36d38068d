/** `{0}`, `{1}`… replaced by the arguments, as vscode.l10n.t does; a placeholder without an argument stays. */
export function formatMessage(template: string, args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  });
}

/** The placeholders a message uses, sorted: a translation must keep the English one's. */
export function placeholdersOf(message: string): string[] {
  return [...new Set(message.match(/\{\d+\}/g) ?? [])].sort();
}

/** The panel's strings for a VS Code l10n bundle (English message → translation): English where it has none. */
export function localizedStrings<K extends string>(english: Readonly<Record<K, string>>, bundle: Readonly<Record<string, string>> | undefined): Record<K, string> {
  const result = {} as Record<K, string>;
  for (const key of Object.keys(english) as K[]) result[key] = bundle?.[english[key]] ?? english[key];
  return result;
}

/** A JSON text safe inside a `<script type="application/json">`: no `<` can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
