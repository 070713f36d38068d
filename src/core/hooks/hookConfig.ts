import { z } from 'zod';
import { issueText } from '../catalog/schemaIssues';
import { errorMessage } from '../errorMessage';
import type { UserText } from '../ports/translator';

export const hookEvents = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart'] as const;
export type HookEvent = (typeof hookEvents)[number];

/** A settings file is a few KB; past this it is refused unread (a repository is untrusted input). */
export const maxHookFileChars = 512 * 1024;
const maxHooksPerFile = 200;
/** Claude Code's default: 60 seconds. */
export const defaultHookTimeoutSeconds = 60;
const maxHookTimeoutSeconds = 600;

export interface HookEntry {
  event: HookEvent;
  /** Regex over the tool name; undefined, '' or '*' match every tool (and events without tools ignore it). */
  matcher?: string;
  command: string;
  timeoutSeconds: number;
  /** The file it comes from, as shown to the user (`.claude/settings.json`, `~/.claude/settings.json`). */
  source: string;
}

const handler = z.looseObject({ type: z.string(), command: z.string().optional(), timeout: z.number().positive().optional() });
const group = z.looseObject({ matcher: z.string().optional(), hooks: z.array(handler) });
const file = z.looseObject({ hooks: z.record(z.string(), z.array(group)).optional() });

/** `problems` and `error`: in the user's words (spec §20), `(english)` for the log. */
export type ParsedHookFile = { ok: true; hooks: HookEntry[]; problems: UserText[] } | { ok: false; error: UserText };

/**
 * The `hooks` key of a Claude Code settings file (or `.codeagent/hooks.json`), in Claude Code's shape:
 * `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "…", "timeout": 30}]}]}}`.
 * Events and handler types CodeAgent does not run are named in `problems`; a file that is not that shape is refused.
 */
export function parseHookFile(text: string, source: string): ParsedHookFile {
  if (text.length > maxHookFileChars) return { ok: false, error: (l10n) => l10n.t('the file is {0} characters long; at most {1} are read', text.length, maxHookFileChars) };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = errorMessage(error).split('\n')[0]!;
    return { ok: false, error: (l10n) => l10n.t('invalid JSON: {0}', message) };
  }
  const parsed = file.safeParse(json);
  if (!parsed.success) {
    const issue = issueText(parsed.error.issues[0]!, (l10n) => l10n.t('the file'));
    return { ok: false, error: (l10n) => l10n.t('not a hooks file: {0}', issue(l10n)) };
  }
  const hooks: HookEntry[] = [];
  const problems: UserText[] = [];
  for (const [event, groups] of Object.entries(parsed.data.hooks ?? {})) {
    if (!(hookEvents as readonly string[]).includes(event)) {
      problems.push((l10n) => l10n.t('{0}: the event {1} is not supported by CodeAgent; its hooks are ignored', source, event));
      continue;
    }
    for (const { matcher, hooks: handlers } of groups) {
      const matcherProblem = matcher ? regexProblem(matcher) : undefined;
      if (matcherProblem) {
        problems.push((l10n) => l10n.t('{0}: {1} matcher "{2}" is not a valid regular expression ({3}); its hooks are ignored', source, event, matcher!, matcherProblem));
        continue;
      }
      for (const h of handlers) {
        if (h.type !== 'command' || !h.command?.trim()) {
          const type = h.type;
          problems.push((l10n) => (type === 'command'
            ? l10n.t('{0}: a {1} hook of type "command" without a command is not run', source, event)
            : l10n.t('{0}: a {1} hook of type "{2}" is not run (only "command" hooks are)', source, event, type)));
          continue;
        }
        hooks.push({ event: event as HookEvent, matcher: matcher || undefined, command: h.command, timeoutSeconds: Math.min(h.timeout ?? defaultHookTimeoutSeconds, maxHookTimeoutSeconds), source });
      }
    }
  }
  const count = hooks.length;
  if (count > maxHooksPerFile) return { ok: false, error: (l10n) => l10n.t('{0} hooks; at most {1} are read per file', count, maxHooksPerFile) };
  return { ok: true, hooks, problems };
}

function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}

/** Claude Code's matcher: '', '*' or none match every tool; otherwise a regex over the whole tool name (`Edit|Write`, `mcp__github__.*`). */
export function matchesTool(matcher: string | undefined, toolName: string): boolean {
  if (!matcher || matcher === '*') return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(toolName);
  } catch {
    return false;
  }
}
