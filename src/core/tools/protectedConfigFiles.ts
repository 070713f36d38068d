import picomatch from 'picomatch/posix';
import type { Translator, UserText } from '../ports/translator';

/**
 * Spec §8: files that configure the agent or run code on open. An agent allowed to write them unasked
 * could loosen its own approvals (write `autoApprove…: true`, then run anything) or plant code that
 * runs later, so edits of them always ask, whatever the auto-approve settings.
 */
const protectedConfigFiles: readonly { glob: string; what: (l10n: Translator, path: string) => string }[] = [
  { glob: '.vscode/settings.json', what: (l10n, path) => l10n.t('{0} holds VS Code and CodeAgent settings (approvals, model endpoints, MCP servers)', path) },
  { glob: '.vscode/mcp.json', what: (l10n, path) => l10n.t('{0} defines MCP servers, which are programs VS Code starts', path) },
  { glob: '.vscode/tasks.json', what: (l10n, path) => l10n.t('{0} defines tasks, which can run when the folder opens', path) },
  { glob: '.claude/settings*.json', what: (l10n, path) => l10n.t('{0} holds an agent\'s permissions and hooks', path) },
  { glob: '.codeagent/**', what: (l10n, path) => l10n.t('{0} configures CodeAgent (agents, rules, commands, hooks)', path) },
  { glob: '.github/hooks/**', what: (l10n, path) => l10n.t('{0} holds agent hooks, which run commands', path) },
  { glob: '.git/hooks/**', what: (l10n, path) => l10n.t('{0} holds git hooks, which run on git commands', path) },
  { glob: '.git/config', what: (l10n, path) => l10n.t('{0} configures git, which can make it run programs (hooksPath, fsmonitor, aliases)', path) },
];

// At any depth: a nested folder can be opened as a workspace (or a root of a multi-root one), a nested repository runs its own hooks.
const matchers = protectedConfigFiles.map(({ glob, what }) => ({
  what,
  matches: picomatch([glob, `**/${glob}`], { dot: true, nocase: true }),
}));

/**
 * The path as a case-insensitive file system would open it: `/` separators, no `.`, empty or `..`
 * segments, and none of what Windows ignores in a name (trailing dots and spaces, an NTFS `::$DATA`
 * stream suffix), so `./.VSCode//settings.json.` still counts as `.vscode/settings.json`.
 */
export function configMatchPath(path: string): string {
  const out: string[] = [];
  for (const raw of path.replace(/\\/g, '/').split('/')) {
    const segment = raw.replace(/:.*$/, '').replace(/[. ]+$/, (tail) => (raw === '.' || raw === '..' ? tail : ''));
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

/**
 * Why an edit of this workspace-relative path is always asked, or undefined for an ordinary file: shown on the
 * approval card and above the diff, in the user's words (spec §20).
 */
export function protectedConfigReason(path: string): UserText | undefined {
  const normalised = configMatchPath(path);
  const match = matchers.find((m) => m.matches(normalised));
  if (!match) return undefined;
  return (l10n) => l10n.t('This file configures CodeAgent or runs code when the workspace opens ({0}); it is always asked, even with edits auto-approved.', match.what(l10n, normalised));
}

/**
 * The reason for the path as given or, when a symbolic link leads elsewhere, for where the write
 * would really land (`realPath`: workspace-relative, links resolved).
 */
export function protectedConfigReasonOf(path: string, realPath: string): UserText | undefined {
  const direct = protectedConfigReason(path);
  if (direct) return direct;
  const real = protectedConfigReason(realPath);
  return real && ((l10n) => l10n.t('{0} is a link to {1}. {2}', path, configMatchPath(realPath), real(l10n)));
}
