const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[\w.:-]/;

/**
 * Whether `text + char` is still shaped like `<name>` or `</name>` (or now is one, when char is '>'). `text` is a tag
 * prefix: '<', then an optional '/', then name characters. Only the last character is looked at, so a tag costs its length.
 */
export function continuesTagShape(text: string, char: string): boolean {
  if (text === '<') return char === '/' || NAME_START.test(char);
  if (text === '</') return NAME_START.test(char);
  return char === '>' || NAME_CHAR.test(char);
}

/** The name and direction of a whole tag shaped like `<name>` or `</name>`. */
export function tagShapeOf(tag: string): { name: string; closing: boolean } {
  const closing = tag.charAt(1) === '/';
  return { name: tag.slice(closing ? 2 : 1, -1), closing };
}

export function assertTagName(name: string, what: string): void {
  if (!/^[A-Za-z_][\w.:-]*$/.test(name)) throw new Error(`Invalid ${what} name "${name}": it must be usable as an XML tag name.`);
}
