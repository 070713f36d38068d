/**
 * Spec §23: the built-in read-only set, as data. A command is read-only when its name is here and none of its
 * words is an option that runs or writes something. docs/security.md lists the same entries and the reasons.
 */
export interface ReadOnlyCommand {
  /**
   * Long options that run or write something; `--output` also stands for `--output=f` and for `--out` (getopt takes
   * any unambiguous prefix); a trailing `*` takes any ending (`--no-ignore*`).
   */
  long?: readonly string[];
  /** Short option letters that do, anywhere in a cluster (`-uo` holds `-o`). */
  short?: string;
  /** Whole words that do (find's single-dash primaries); a trailing `*` takes any ending (`-fprint*`). */
  exact?: readonly string[];
  /** At most this many operands (words that are not options): `uniq in out` writes `out`. */
  maxOperands?: number;
  /** Its operands are read as files: a secret file among them asks (spec §4). */
  readsFiles?: boolean;
  /** git's: the subcommands it allows, each judged by its own entry. */
  subcommands?: Readonly<Record<string, ReadOnlyCommand>>;
  /** No operand unless one of these options says it is a filter (`git branch x` creates a branch, `git branch --list x` does not). */
  operandsOnlyWith?: readonly string[];
  /** The first operand, when there is one, must be one of these (`git stash list`, not `git stash pop`). */
  firstOperand?: readonly string[];
  /** Without an operand it changes something (`git stash` stashes). */
  needsOperand?: boolean;
}

const free: ReadOnlyCommand = {};
const reads: ReadOnlyCommand = { readsFiles: true };
/** git's diff options that write a file or run a program of the repository's configuration. */
const gitDiffLike: ReadOnlyCommand = { readsFiles: true, long: ['--output', '--ext-diff', '--textconv', '--open-files-in-pager'], short: 'O' };
/** A ref listing: options that create, delete, move or set are not listed as allowed, and an operand creates. */
const gitListing = (listOptions: readonly string[]): ReadOnlyCommand => ({
  operandsOnlyWith: listOptions,
  long: ['--delete', '--move', '--copy', '--force', '--set-upstream-to', '--unset-upstream', '--edit-description', '--track', '--no-track', '--create-reflog', '--annotate', '--sign', '--message', '--file'],
  short: 'dDmMcCfusaFe',
});

export const gitSubcommands: Readonly<Record<string, ReadOnlyCommand>> = {
  status: free,
  diff: gitDiffLike,
  log: gitDiffLike,
  show: gitDiffLike,
  blame: reads,
  'rev-parse': free,
  'ls-files': free,
  branch: { ...gitListing(['--list', '-l', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']), short: 'dDmMcCfu' },
  tag: gitListing(['--list', '-l', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']),
  remote: { firstOperand: ['show', 'get-url'], short: '' },
  grep: { readsFiles: true, long: ['--open-files-in-pager', '--ext-grep'], short: 'O' },
  'show-ref': free,
  describe: free,
  shortlog: free,
  'rev-list': free,
  'merge-base': free,
  'cat-file': { readsFiles: true, long: ['--textconv', '--filters'] },
  reflog: { firstOperand: ['show'] },
  stash: { firstOperand: ['list', 'show'], needsOperand: true, long: gitDiffLike.long, short: 'O' },
};

export const readOnlyCommands: Readonly<Record<string, ReadOnlyCommand>> = {
  ls: free,
  cat: reads,
  head: reads,
  tail: reads,
  wc: reads,
  pwd: free,
  echo: free,
  printf: free,
  which: free,
  type: free,
  file: { readsFiles: true, long: ['--compile'], short: 'C' },
  stat: free,
  du: free,
  df: free,
  // -o writes the listing to a file; -R runs tree again in every folder with `-o 00Tree.html`.
  tree: { short: 'oR', long: ['--output'] },
  // A folder search reads every file in it, .env included; rg skips hidden and ignored files unless told.
  grep: { readsFiles: true, short: 'rRd', long: ['--recursive', '--dereference-recursive', '--directories'] },
  rg: { readsFiles: true, long: ['--pre', '--hidden', '--no-ignore*'], short: '.u' },
  sort: { readsFiles: true, short: 'o', long: ['--output', '--compress-program'] },
  uniq: { readsFiles: true, maxOperands: 1 },
  cut: reads,
  diff: { readsFiles: true, short: 'r', long: ['--recursive'] },
  nl: reads,
  tr: free,
  basename: free,
  dirname: free,
  realpath: free,
  // Its operand decides what the next command's relative names mean (`cd ~/.kube && cat config`).
  cd: reads,
  true: free,
  false: free,
  test: free,
  '[': free,
  '[[': free,
  find: { exact: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint*', '-fls'] },
  git: { subcommands: gitSubcommands, readsFiles: true },
};

/**
 * Commands that run the rest of their words as a command, unwrapped before judging (`time ls` is `ls`), with the
 * options each takes a value for. `env` with an assignment is not unwrapped: it changes what runs.
 */
export const wrappers: Readonly<Record<string, { valued: readonly string[]; positional?: number; forbidden?: readonly string[] }>> = {
  time: { valued: [] },
  nice: { valued: ['-n', '--adjustment'] },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], positional: 1 },
  env: { valued: ['-u', '--unset', '-C', '--chdir'], forbidden: ['-S', '--split-string'] },
  command: { valued: [] },
};
