import type { UserText } from '../ports/translator';

/** CodeAgent's built-in tools, as named in allow/deny lists; `mcp__server__tool` names pass through as they are. */
export const codeAgentToolNames = [
  'Read', 'Write', 'Edit', 'MultiEdit', 'LS', 'Glob', 'Grep', 'Bash', 'TodoWrite', 'AskUser', 'AttemptCompletion',
] as const;

export interface MappedTools {
  /** undefined: every tool (the list was `*`). */
  allow?: string[];
  /** One line per name dropped or changed, in the user's words (spec §20). */
  notes: UserText[];
}

const builtIn = new Set<string>(codeAgentToolNames);
const searching = ['Read', 'LS', 'Glob', 'Grep'];
const editing = ['Write', 'Edit', 'MultiEdit'];

const claudeWithoutCounterpart = new Set(['NotebookEdit', 'NotebookRead', 'WebFetch', 'WebSearch']);

/** Claude Code subagent `tools`: mostly CodeAgent's own names; `Bash(git diff:*)` rules are not supported. */
export function mapClaudeTools(names: readonly string[]): MappedTools {
  const allow: string[] = [];
  const notes: UserText[] = [];
  for (const raw of names) {
    if (raw === '*') return { notes };
    const rule = /^([A-Za-z]+)\((.*)\)$/.exec(raw);
    const name = rule ? rule[1]! : raw;
    if (rule && builtIn.has(name)) notes.push((l10n) => l10n.t('tool rule \'{0}\' is not supported: {1} is allowed without the restriction', raw, name));
    if (builtIn.has(name)) allow.push(name);
    // Claude's `mcp__server` alone stands for every tool of that server.
    else if (name.startsWith('mcp__')) allow.push(name.slice(5).includes('__') ? name : `${name}__*`);
    else if (claudeWithoutCounterpart.has(name)) notes.push(noCounterpart(name));
    else notes.push((l10n) => l10n.t('tool \'{0}\' is not a Claude Code tool CodeAgent knows: dropped', name));
  }
  return { allow: unique(allow), notes };
}

// Copilot's `problems` and `changes` only show information, so they map to reading tools, never to Bash.
const githubTools: Record<string, readonly string[]> = {
  codebase: searching, search: searching, usages: searching, findTestFiles: searching, searchResults: searching,
  read: ['Read', 'LS', 'Glob'], readFile: ['Read'], listDirectory: ['LS'], fileSearch: ['Glob'], textSearch: ['Grep'],
  problems: ['Read', 'Grep'], changes: ['Read', 'Grep'],
  edit: editing, editFiles: editing, new: editing, createFile: ['Write'],
  runCommands: ['Bash'], runInTerminal: ['Bash'], terminal: ['Bash'], shell: ['Bash'], execute: ['Bash'],
  getTerminalOutput: ['Bash'], terminalLastCommand: ['Bash'], runTasks: ['Bash'], runTests: ['Bash'], testFailure: ['Bash'],
  todos: ['TodoWrite'], todo: ['TodoWrite'],
};
const githubWithoutCounterpart = new Set([
  'fetch', 'web', 'githubRepo', 'openSimpleBrowser', 'vscodeAPI', 'extensions', 'think', 'agent', 'custom-agent', 'runSubagent', 'vscode',
]);
const isGithubName = (name: string) => Object.hasOwn(githubTools, name) || githubWithoutCounterpart.has(name);

/**
 * GitHub Copilot custom agent `tools`: Copilot's tool and tool-set names (also as `set/tool`) map onto the closest
 * CodeAgent tools; any other `server/tool` or `server/*` is an MCP server's tool.
 */
export function mapGithubTools(names: readonly string[]): MappedTools {
  const allow: string[] = [];
  const notes: UserText[] = [];
  for (const raw of names) {
    if (raw === '*') return { notes };
    const slash = raw.indexOf('/');
    const [head, tail] = slash < 0 ? [raw, ''] : [raw.slice(0, slash), raw.slice(slash + 1)];
    if (builtIn.has(raw) || raw.startsWith('mcp__')) allow.push(raw);
    else if (slash >= 0 && !isGithubName(head) && head && tail) allow.push(`mcp__${head}__${tail}`);
    else {
      const name = Object.hasOwn(githubTools, tail) ? tail : head;
      if (Object.hasOwn(githubTools, name)) allow.push(...githubTools[name]!);
      else if (githubWithoutCounterpart.has(name)) notes.push(noCounterpart(raw));
      else notes.push((l10n) => l10n.t('tool \'{0}\' is not a Copilot tool CodeAgent knows: dropped', raw));
    }
  }
  return { allow: unique(allow), notes };
}

function noCounterpart(tool: string): UserText {
  return (l10n) => l10n.t('tool \'{0}\' has no CodeAgent counterpart: dropped', tool);
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
