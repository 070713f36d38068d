import { english, type Translator } from './ports/translator';
import { Settings } from './settings';

export interface ParsedSettings {
  settings: Settings;
  /** One sentence per setting that was invalid and fell back to its default, in the user's words (`l10n`). */
  problems: string[];
}

/**
 * Validates raw `codeagent.*` values: a setting of the wrong shape (a number in a list of strings, an
 * unknown enum value) falls back to its default instead of failing the whole read.
 */
export function parseSettings(raw: Record<string, unknown>, l10n: Translator = english): ParsedSettings {
  // VS Code hands out proxies that structuredClone refuses; settings are plain JSON anyway.
  const copy = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
  const problems: string[] = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    const parsed = Settings.safeParse(copy);
    if (parsed.success) return { settings: parsed.data, problems };
    let dropped = false;
    for (const issue of parsed.error.issues) {
      // A setting is `section.key`; deeper paths (a list element) mean the whole setting is bad.
      const path = issue.path.slice(0, 2).map(String);
      if (!dropPath(copy, path)) continue;
      dropped = true;
      problems.push(l10n.t('Setting {0} is invalid ({1}); using its default.', `codeagent.${path.join('.')}`, describe(issue, raw)));
    }
    if (!dropped) break;
  }
  return { settings: Settings.parse({}), problems: [...problems, l10n.t('The codeagent.* settings could not be read; using the defaults.')] };
}

/** Reads settings on every call but reports each distinct problem once, not on every read. */
export function createSettingsSource(readRaw: () => Record<string, unknown>, report: (problem: string) => void, l10n: Translator = english): () => Settings {
  const reported = new Set<string>();
  return () => {
    const { settings, problems } = parseSettings(readRaw(), l10n);
    for (const problem of problems) {
      if (reported.has(problem)) continue;
      reported.add(problem);
      report(problem);
    }
    return settings;
  };
}

function dropPath(target: Record<string, unknown>, path: string[]): boolean {
  const [head, ...rest] = path;
  if (head === undefined || !(head in target)) return false;
  if (rest.length === 0) return delete target[head];
  const child = target[head];
  return typeof child === 'object' && child !== null && !Array.isArray(child) && dropPath(child as Record<string, unknown>, rest);
}

function describe(issue: { path: PropertyKey[]; message: string }, raw: Record<string, unknown>): string {
  if (issue.path.length <= 2) return issue.message;
  const value = issue.path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], raw);
  return `entry ${issue.path.slice(2).map(String).join('.')} is ${JSON.stringify(value)}: ${issue.message}`;
}
