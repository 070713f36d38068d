import type { PlanTaskInput } from './planTask';
import { isRecord } from '../isRecord';

export type PlanTasksParse = { ok: true; tasks: PlanTaskInput[] } | { ok: false; error: string };

const expected =
  'tasks must be a JSON array of {id, description, dependencies} objects, e.g. ' +
  '[{"id": "1", "description": "Read the auth module", "dependencies": []}], or a sequence of <task> elements, e.g. ' +
  '<task><id>1</id><description>Read the auth module</description><dependencies></dependencies></task>';

/** PlanTask's `tasks` (spec §7): a JSON array (as text from xml, or as a value from native calls) or `<task>` elements. */
export function parsePlanTasks(raw: unknown): PlanTasksParse {
  try {
    return { ok: true, tasks: parseAny(raw) };
  } catch (error) {
    if (error instanceof PlanTasksError) return { ok: false, error: error.message };
    throw error;
  }
}

class PlanTasksError extends Error {}

function fail(message: string): never {
  throw new PlanTasksError(message);
}

function parseAny(raw: unknown): PlanTaskInput[] {
  if (Array.isArray(raw)) return raw.map(fromJsonItem);
  if (typeof raw !== 'string') return fail(`${expected}.`);
  const text = raw.trim();
  if (text === '') return fail(`tasks is empty: ${expected}.`);
  if (text.startsWith('[') || text.startsWith('{')) return fromJsonText(text);
  if (/<task>/.test(text)) return fromTaskElements(text);
  return fail(`${expected}.`);
}

function fromJsonText(text: string): PlanTaskInput[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(`tasks is not valid JSON (${(error as Error).message}). ${expected}.`);
  }
  // Models sometimes wrap the array as {"tasks": [...]}.
  if (isRecord(value) && Array.isArray(value.tasks)) value = value.tasks;
  if (!Array.isArray(value)) return fail(`${expected}.`);
  return value.map(fromJsonItem);
}

function fromJsonItem(item: unknown, index: number): PlanTaskInput {
  const where = `Task number ${index + 1}`;
  if (!isRecord(item)) return fail(`${where} is not an object with id, description and dependencies.`);
  return {
    id: idOf(item.id, `${where}: id`),
    description: typeof item.description === 'string' ? item.description : fail(`${where}: description must be a string.`),
    dependencies: dependenciesOf(item.dependencies, `${where}: dependencies`),
  };
}

function idOf(value: unknown, what: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return fail(`${what} must be a non-empty string or a number.`);
}

function dependenciesOf(value: unknown, what: string): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map((v, i) => idOf(v, `${what}[${i}]`));
  if (typeof value === 'number') return [idOf(value, what)];
  if (typeof value !== 'string') return fail(`${what} must be an array of task ids or a comma-separated list.`);
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(text);
      if (Array.isArray(list)) return list.map((v, i) => idOf(v, `${what}[${i}]`));
    } catch {
      // Not JSON after all: read it as a comma-separated list.
    }
  }
  return text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

const fields = ['id', 'description', 'dependencies'] as const;
type Field = (typeof fields)[number];

/**
 * `<task><id>1</id><description>…</description><dependencies>1, 2</dependencies></task>…`.
 * Values are not escaped: each runs to its own closing tag, so it may hold any other text.
 */
function fromTaskElements(text: string): PlanTaskInput[] {
  const tasks: PlanTaskInput[] = [];
  let i = 0;
  for (;;) {
    i = skipSpace(text, i);
    if (i >= text.length) break;
    const where = `Task number ${tasks.length + 1}`;
    if (!text.startsWith('<task>', i)) return fail(`Unexpected text outside the <task> elements: "${excerpt(text, i)}". ${expected}.`);
    i += '<task>'.length;
    const values: Partial<Record<Field, string>> = {};
    for (;;) {
      i = skipSpace(text, i);
      if (text.startsWith('</task>', i)) {
        i += '</task>'.length;
        break;
      }
      const field = fields.find((f) => text.startsWith(`<${f}>`, i));
      const empty = fields.find((f) => new RegExp(`^<${f}\\s*/>`).test(text.slice(i, i + f.length + 8)));
      if (empty) {
        values[empty] = '';
        i = text.indexOf('>', i) + 1;
        continue;
      }
      if (!field) {
        if (i >= text.length) return fail(`${where} has no closing </task>.`);
        return fail(`${where}: unexpected "${excerpt(text, i)}"; a <task> holds only <id>, <description> and <dependencies>.`);
      }
      if (field in values) return fail(`${where} has more than one <${field}>.`);
      const start = i + field.length + 2;
      const close = text.indexOf(`</${field}>`, start);
      if (close < 0) return fail(`${where}: <${field}> has no closing </${field}>.`);
      values[field] = text.slice(start, close).trim();
      i = close + field.length + 3;
    }
    if (values.id === undefined || values.id === '') return fail(`${where} has no <id>.`);
    if (values.description === undefined) return fail(`${where} (id ${values.id}) has no <description>.`);
    tasks.push({ id: values.id, description: values.description, dependencies: dependenciesOf(values.dependencies, `Task ${values.id}: dependencies`) });
  }
  return tasks;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function excerpt(text: string, i: number): string {
  const rest = text.slice(i).replace(/\s+/g, ' ');
  return rest.length > 40 ? `${rest.slice(0, 40)}…` : rest;
}
