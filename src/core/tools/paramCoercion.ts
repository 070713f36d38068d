import type { z } from 'zod';
import { isRecord } from '../isRecord';

/**
 * XML tool calls deliver every parameter as a string. Before validation, strings are converted to
 * what the schema wants: numbers, booleans, and lists written as JSON or as nested tags
 * (`<edits><edit><old_string>…</old_string>…</edit></edits>`), which need no escaping.
 * Native (JSON) arguments pass through the same function untouched unless a model stringified them.
 */
export function coerceParams(schema: z.ZodType, raw: Record<string, unknown>): unknown {
  return coerce(schema, raw);
}

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const wrapperTypes = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/default/… wrappers. */
function core(schema: z.ZodType): SchemaDef {
  let def = schema.def as unknown as SchemaDef;
  for (let guard = 0; guard < 10; guard++) {
    const next = wrapperTypes.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
    if (!next) break;
    def = next.def as unknown as SchemaDef;
  }
  return def;
}

export function isOptional(schema: z.ZodType): boolean {
  const type = (schema.def as unknown as SchemaDef).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

function coerce(schema: z.ZodType, value: unknown): unknown {
  const def = core(schema);
  if (typeof value === 'string' && def.type !== 'string' && def.type !== 'enum' && def.type !== 'literal') {
    if (value.trim() === '') return undefined;
    value = fromString(def, value.trim());
  }
  if (def.type === 'object' && def.shape && isRecord(value)) {
    const out: Record<string, unknown> = { ...value };
    for (const [key, field] of Object.entries(def.shape)) {
      if (!(key in out)) continue;
      const value = coerce(field, out[key]);
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
    return out;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) return value.map((item) => coerce(def.element!, item));
  return value;
}

function fromString(def: SchemaDef, text: string): unknown {
  switch (def.type) {
    case 'number':
    case 'int':
    case 'bigint':
      return /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'boolean':
      if (/^(true|yes|1)$/i.test(text)) return true;
      if (/^(false|no|0)$/i.test(text)) return false;
      return text;
    case 'array': {
      const json = tryJson(text, '[');
      if (Array.isArray(json)) return json;
      const element = def.element ? core(def.element) : undefined;
      if (element?.type === 'object' && element.shape) return parseTaggedObjects(text, Object.keys(element.shape));
      return parseTaggedScalars(text);
    }
    case 'object': {
      const json = tryJson(text, '{');
      if (json !== undefined) return json;
      return def.shape ? (parseTaggedObjects(text, Object.keys(def.shape))[0] ?? text) : text;
    }
    default:
      return text;
  }
}

function tryJson(text: string, opener: string): unknown {
  if (!text.startsWith(opener)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}


/** Like the parser does for top-level values: content on its own lines between the tags doesn't carry those newlines. */
function stripTagNewlines(s: string): string {
  return s.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
}

/**
 * Items of known fields, e.g. `<edit><old_string>a</old_string><new_string>b</new_string></edit>`.
 * Wrapper tags may have any name or be missing: an item ends at a non-field tag or when a field repeats.
 * A field's value runs to its first closing tag, so values may contain any other markup.
 */
export function parseTaggedObjects(text: string, fields: readonly string[]): Record<string, string>[] {
  const items: Record<string, string>[] = [];
  let current: Record<string, string> = {};
  const flush = () => {
    if (Object.keys(current).length > 0) items.push(current);
    current = {};
  };
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const field = fields.find((f) => text.startsWith(`<${f}>`, lt));
    if (field) {
      if (field in current) flush();
      const start = lt + field.length + 2;
      const close = text.indexOf(`</${field}>`, start);
      const end = close < 0 ? text.length : close;
      current[field] = stripTagNewlines(text.slice(start, end));
      i = close < 0 ? text.length : close + field.length + 3;
      continue;
    }
    if (/^<\/?[A-Za-z_][\w.-]*>/.test(text.slice(lt, lt + 64))) flush();
    i = lt + 1;
  }
  flush();
  return items;
}

/** `<option>Yes</option><option>No</option>`, or else one item per non-empty line. */
export function parseTaggedScalars(text: string): string[] {
  const tagged = [...text.matchAll(/<([A-Za-z_][\w.-]*)>([\s\S]*?)<\/\1>/g)].map((m) => stripTagNewlines(m[2]!));
  if (tagged.length > 0) return tagged;
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
