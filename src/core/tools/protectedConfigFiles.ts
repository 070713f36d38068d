import picomatch from 'picomatch/posix';

/**
 * Spec §8: files that configure the agent or run code on open. An agent allowed to write them unasked
 * could loosen its own approvals (write `autoApprove…: true`, then run anything) or plant code that
 * runs later, so edits of them always ask, whatever the auto-approve settings.
 */
const protectedConfigFiles: readonly { glob: string; what: string }[] = [
  { glob: '.vscode/settings.json', what: 'holds VS Code and CodeAgent settings (approvals, model endpoints, MCP servers)' },
  { glob: '.vscode/mcp.json', what: 'defines MCP servers, which are programs VS Code starts' },
  { glob: '.vscode/tasks.json', what: 'defines tasks, which can run when the folder opens' },
  { glob: '.claude/settings*.json', what: 'holds an agent\'s permissions and hooks' },
  { glob: '.codeagent/**', what: 'configures CodeAgent (agents, rules, commands, hooks)' },
  { glob: '.github/hooks/**', what: 'holds agent hooks, which run commands' },
  { glob: '.git/hooks/**', what: 'holds git hooks, which run on git commands' },
  { glob: '.git/config', what: 'configures git, which can make it run programs (hooksPath, fsmonitor, aliases)' },
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

/** Why an edit of this workspace-relative path is always asked, or undefined for an ordinary file. */
export function protectedConfigReason(path: string): string | undefined {
  const normalised = configMatchPath(path);
  const match = matchers.find((m) => m.matches(normalised));
  if (!match) return undefined;
  return `This file configures CodeAgent or runs code when the workspace opens (${normalised} ${match.what}); it is always asked, even with edits auto-approved.`;
}

/**
 * The reason for the path as given or, when a symbolic link leads elsewhere, for where the write
 * would really land (`realPath`: workspace-relative, links resolved).
 */
export function protectedConfigReasonOf(path: string, realPath: string): string | undefined {
  const direct = protectedConfigReason(path);
  if (direct) return direct;
  const real = protectedConfigReason(realPath);
  return real && `${path} is a link to ${configMatchPath(realPath)}. ${real}`;
}
