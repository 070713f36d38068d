import { z } from 'zod';
import { errorMessage } from '../errorMessage';

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

export type ParsedHookFile = { ok: true; hooks: HookEntry[]; problems: string[] } | { ok: false; error: string };

/**
 * The `hooks` key of a Claude Code settings file (or `.codeagent/hooks.json`), in Claude Code's shape:
 * `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "…", "timeout": 30}]}]}}`.
 * Events and handler types CodeAgent does not run are named in `problems`; a file that is not that shape is refused.
 */
export function parseHookFile(text: string, source: string): ParsedHookFile {
  if (text.length > maxHookFileChars) return { ok: false, error: `the file is ${text.length} characters long; at most ${maxHookFileChars} are read` };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, error: `invalid JSON: ${errorMessage(error).split('\n')[0]}` };
  }
  const parsed = file.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `not a hooks file: ${issue.path.length ? issue.path.join('.') : 'the file'}: ${issue.message}` };
  }
  const hooks: HookEntry[] = [];
  const problems: string[] = [];
  for (const [event, groups] of Object.entries(parsed.data.hooks ?? {})) {
    if (!(hookEvents as readonly string[]).includes(event)) {
      problems.push(`${source}: the event ${event} is not supported by CodeAgent; its hooks are ignored`);
      continue;
    }
    for (const { matcher, hooks: handlers } of groups) {
      const matcherProblem = matcher ? regexProblem(matcher) : undefined;
      if (matcherProblem) {
        problems.push(`${source}: ${event} matcher "${matcher}" is not a valid regular expression (${matcherProblem}); its hooks are ignored`);
        continue;
      }
      for (const h of handlers) {
        if (h.type !== 'command' || !h.command?.trim()) {
          problems.push(`${source}: a ${event} hook of type "${h.type}"${h.type === 'command' ? ' without a command' : ''} is not run (only "command" hooks are)`);
          continue;
        }
        hooks.push({ event: event as HookEvent, matcher: matcher || undefined, command: h.command, timeoutSeconds: Math.min(h.timeout ?? defaultHookTimeoutSeconds, maxHookTimeoutSeconds), source });
      }
    }
  }
  if (hooks.length > maxHooksPerFile) return { ok: false, error: `${hooks.length} hooks; at most ${maxHooksPerFile} are read per file` };
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
