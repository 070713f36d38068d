/**
 * A MultiEdit's `edits` as far as the model has streamed it (xml wire format: `<edit>` elements or a JSON
 * array). An edit is usable once its old_string is complete and its new_string has begun; new_string may
 * still be growing, as an Edit's does in its live preview. The tool parses the complete text itself.
 */
export interface PartialEdit {
  old_string: string;
  new_string: string;
  replace_all: boolean;
  /** new_string (and the edit) has been closed: nothing more will be added to it. */
  complete: boolean;
}

const fields = ['old_string', 'new_string', 'replace_all'] as const;
type Field = (typeof fields)[number];
type Item = Partial<Record<Field, { value: string; closed: boolean }>>;

export function partialEdits(text: string): PartialEdit[] {
  const trimmed = text.trimStart();
  const items = trimmed.startsWith('[') ? jsonItems(trimmed) : taggedItems(text);
  const edits: PartialEdit[] = [];
  for (const item of items) {
    if (!item.old_string?.closed || item.new_string === undefined) break;
    edits.push({
      old_string: item.old_string.value,
      new_string: item.new_string.value,
      replace_all: /^(true|yes|1)$/i.test(item.replace_all?.value.trim() ?? ''),
      complete: item.new_string.closed,
    });
  }
  return edits;
}

/** The end of a value that has not been closed yet may hold the first characters of its closing tag. */
function withoutPartialClose(value: string, field: string): string {
  const close = `</${field}>`;
  for (let n = Math.min(close.length - 1, value.length); n > 0; n--) if (value.endsWith(close.slice(0, n))) return value.slice(0, -n);
  return value;
}

function taggedItems(text: string): Item[] {
  const items: Item[] = [];
  let current: Item = {};
  const flush = () => {
    if (Object.keys(current).length) items.push(current);
    current = {};
  };
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const field = fields.find((f) => text.startsWith(`<${f}>`, lt));
    if (!field) {
      if (/^<\/?[A-Za-z_][\w.-]*>/.test(text.slice(lt, lt + 64))) flush();
      i = lt + 1;
      continue;
    }
    if (current[field]) flush();
    const start = lt + field.length + 2;
    const close = text.indexOf(`</${field}>`, start);
    if (close < 0) {
      current[field] = { value: withoutPartialClose(text.slice(start), field).replace(/^\r?\n/, ''), closed: false };
      break;
    }
    current[field] = { value: text.slice(start, close).replace(/^\r?\n/, '').replace(/\r?\n$/, ''), closed: true };
    i = close + field.length + 3;
  }
  flush();
  return items;
}

/** The complete objects of a JSON array still streaming; an edit of this form applies once its object has closed. */
function jsonItems(text: string): Item[] {
  const items: Item[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let objectStart = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (char === '{' && depth === 1) objectStart = i;
      depth++;
    } else if (char === '}' || char === ']') {
      depth--;
      if (char === '}' && depth === 1 && objectStart >= 0) {
        const item = jsonItem(text.slice(objectStart, i + 1));
        if (!item) break;
        items.push(item);
        objectStart = -1;
      }
    }
  }
  return items;
}

function jsonItem(source: string): Item | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  const item: Item = {};
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'boolean') item[field] = { value: String(value), closed: true };
  }
  return item;
}
