import type { SimpleCommand } from '../ports/shellParser';
import { gitSubcommandIndex, unwrap } from './readOnlyCheck';

/**
 * Spec §23: read-only git runs without what a repository's configuration can make it run. A bare repository
 * committed in the workspace (`git -C vendor/evil.git log`, or found by walking up) brings its own core.pager,
 * core.fsmonitor and diff.external; a .gitattributes driver brings textconv and external diff programs; a partial
 * clone fetches missing objects over the network.
 */
export const gitSafeConfig = ['safe.bareRepository=explicit', 'core.fsmonitor=false', 'core.pager=cat', 'diff.external=', 'core.hooksPath=/dev/null', 'protocol.allow=never'];

/** The subcommands that take `--no-textconv` and `--no-ext-diff`, and which of the two each takes. */
const subcommandFlags: Readonly<Record<string, string>> = {
  diff: '--no-textconv --no-ext-diff',
  log: '--no-textconv --no-ext-diff',
  show: '--no-textconv --no-ext-diff',
  stash: '',
  blame: '--no-textconv',
  grep: '--no-textconv',
};

interface Insertion { at: number; text: string }

/** Where the safe options go in one command; undefined when it is not git or its words' places are unknown. */
function insertions(command: SimpleCommand): Insertion[] | undefined {
  const unwrapped = unwrap(command.words);
  if (!unwrapped || unwrapped[0] !== 'git') return [];
  const gitAt = command.words.length - unwrapped.length;
  const index = gitSubcommandIndex(unwrapped.slice(1));
  if (typeof index !== 'number') return undefined;
  const git = command.spans[gitAt];
  const sub = command.spans[gitAt + 1 + index];
  const subName = unwrapped[1 + index] ?? '';
  if (!git || !sub) return undefined;
  const config = gitSafeConfig.map((setting) => ` -c ${setting}`).join('');
  const flags = subcommandFlags[subName];
  // `git stash show` diffs: its flags go after `show`.
  const flagsAt = subName === 'stash' ? command.spans[gitAt + 2 + index] : sub;
  const extra = subName === 'stash' ? (unwrapped[2 + index] === 'show' ? ' --no-textconv --no-ext-diff' : '') : flags ? ` ${flags}` : '';
  return [{ at: git.end, text: config }, ...(extra && flagsAt ? [{ at: flagsAt.end, text: extra }] : [])];
}

/**
 * The line with every git command given the safe configuration and flags; undefined when a git command's place in
 * the line is unknown (it must then ask: it cannot run hardened).
 */
export function hardenedGitLine(line: string, commands: readonly SimpleCommand[]): string | undefined {
  const all: Insertion[] = [];
  for (const command of commands) {
    const found = insertions(command);
    if (!found) return undefined;
    all.push(...found);
  }
  if (all.length === 0) return line;
  let result = line;
  for (const { at, text } of all.sort((a, b) => b.at - a.at)) result = result.slice(0, at) + text + result.slice(at);
  return result;
}
