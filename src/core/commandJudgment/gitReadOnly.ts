import type { OptionSet } from './optionReader';
import type { ReadOnlyCommand } from './readOnlyCommands';

/**
 * Spec §23: git's read-only subcommands with the options known to be safe. Left out on purpose: `--output`
 * (writes a file), `--ext-diff`/`--textconv` (run the repository's programs), `-O`/`--open-files-in-pager`,
 * `--show-signature` (runs gpg), `--contents`/`-S`/`--ignore-revs-file` (read named files), `--no-index`/`--untracked`
 * for grep (reach files git does not track, `.env`), and every subcommand that fetches, pushes or writes.
 * `remote`, `fetch` and `ls-remote` reach the network: not here.
 */

/** Global options before the subcommand that change nothing but output; `-C`, `--git-dir`, `-c`… ask. */
export const gitGlobalFlags: readonly string[] = ['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--glob-pathspecs',
  '--noglob-pathspecs', '--icase-pathspecs', '--no-replace-objects', '--no-lazy-fetch'];

const revisionLimits: OptionSet = {
  valued: 'n',
  numeric: true,
  long: ['--all', '--branches', '--tags', '--remotes', '--first-parent', '--no-merges', '--merges', '--reverse', '--topo-order', '--date-order',
    '--author-date-order', '--full-history', '--simplify-by-decoration', '--left-right', '--cherry-pick', '--cherry', '--cherry-mark', '--boundary',
    '--parents', '--children', '--no-walk', '--all-match', '--invert-grep', '--regexp-ignore-case', '--extended-regexp', '--fixed-strings',
    '--basic-regexp', '--perl-regexp', '--ancestry-path', '--not', '--count'],
  longValued: ['--max-count', '--skip', '--since', '--after', '--until', '--before', '--author', '--committer', '--grep', '--min-parents', '--max-parents'],
};

/** What log, show and diff print: formats, stats, patches; never an external program or a file. */
const diffOutput: OptionSet = {
  flags: 'pusRawbzW',
  valued: 'USGlL',
  shortOptional: 'MCB',
  long: ['--patch', '--no-patch', '--raw', '--patch-with-raw', '--stat', '--compact-summary', '--numstat', '--shortstat', '--summary', '--name-only',
    '--name-status', '--full-index', '--binary', '--minimal', '--patience', '--histogram', '--no-renames', '--text', '--ignore-all-space',
    '--ignore-space-change', '--ignore-space-at-eol', '--ignore-blank-lines', '--ignore-cr-at-eol', '--no-color', '--no-ext-diff', '--no-textconv',
    '--exit-code', '--quiet', '--check', '--cached', '--staged', '--merge-base', '--cc', '--combined-all-paths', '--pickaxe-all', '--pickaxe-regex',
    '--oneline', '--abbrev-commit', '--no-abbrev-commit', '--relative-date', '--graph', '--no-decorate', '--source', '--use-mailmap', '--mailmap',
    '--no-mailmap', '--follow', '--no-prefix', '--name-only', '--irreversible-delete', '--ita-invisible-in-index', '--no-notes', '--show-linear-break',
    '--dd', '--remerge-diff', '--no-diff-merges', '--no-relative', '--indent-heuristic', '--no-indent-heuristic', '--function-context'],
  longValued: ['--unified', '--inter-hunk-context', '--diff-filter', '--diff-algorithm', '--src-prefix', '--dst-prefix', '--line-prefix', '--word-diff-regex',
    '--stat-width', '--stat-name-width', '--stat-count', '--stat-graph-width', '--anchored', '--date', '--format', '--pretty', '--encoding',
    '--ignore-matching-lines', '--diff-merges', '--output-indicator-new', '--output-indicator-old', '--output-indicator-context',
    '--rotate-to', '--skip-to', '--max-count'],
  longOptional: ['--color', '--color-words', '--color-moved', '--word-diff', '--decorate', '--abbrev', '--relative', '--dirstat', '--stat',
    '--find-renames', '--find-copies', '--break-rewrites', '--pretty', '--notes', '--decorate-refs', '--decorate-refs-exclude', '--color-moved-ws'],
};

const merge = (...sets: OptionSet[]): OptionSet => ({
  flags: sets.map((set) => set.flags ?? '').join(''),
  valued: sets.map((set) => set.valued ?? '').join(''),
  shortOptional: sets.map((set) => set.shortOptional ?? '').join(''),
  long: sets.flatMap((set) => set.long ?? []),
  longValued: sets.flatMap((set) => set.longValued ?? []),
  longOptional: sets.flatMap((set) => set.longOptional ?? []),
  numeric: sets.some((set) => set.numeric),
});

const listing = (options: OptionSet, listWith: readonly string[]): ReadOnlyCommand => ({ ...options, operandsOnlyWith: listWith });
const refFilters: OptionSet = { flags: 'ailrv', long: ['--list', '--all', '--remotes', '--verbose', '--ignore-case', '--show-current', '--no-color', '--no-column', '--omit-empty'],
  longValued: ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'], longOptional: ['--color', '--column', '--abbrev'] };

export const gitSubcommands: Readonly<Record<string, ReadOnlyCommand>> = {
  status: { flags: 'sbvz', shortOptional: 'u', long: ['--short', '--branch', '--show-stash', '--long', '--verbose', '--ahead-behind', '--no-ahead-behind', '--renames', '--no-renames', '--null', '--no-column'],
    longOptional: ['--porcelain', '--untracked-files', '--ignored', '--ignore-submodules', '--column', '--find-renames'], readsFiles: true },
  diff: { ...merge(diffOutput), readsFiles: true, long: [...diffOutput.long!, '--no-index'] },
  log: { ...merge(diffOutput, revisionLimits), readsFiles: true },
  show: { ...merge(diffOutput, revisionLimits), readsFiles: true },
  blame: { flags: 'bcflnpstwe', valued: 'L', shortOptional: 'MC', long: ['--first-parent', '--root', '--show-stats', '--porcelain', '--line-porcelain', '--incremental', '--show-name', '--show-number', '--show-email', '--score-debug', '--minimal', '--color-lines', '--color-by-age', '--progress', '--no-progress'],
    longValued: ['--since', '--date', '--reverse'], longOptional: ['--abbrev'], readsFiles: true },
  'rev-parse': { flags: 'q', long: ['--short', '--verify', '--quiet', '--symbolic', '--symbolic-full-name', '--all', '--branches', '--tags', '--remotes', '--show-toplevel',
    '--show-prefix', '--show-cdup', '--git-dir', '--absolute-git-dir', '--git-common-dir', '--is-inside-git-dir', '--is-inside-work-tree', '--is-bare-repository',
    '--is-shallow-repository', '--show-superproject-working-tree', '--local-env-vars', '--sq', '--not', '--revs-only', '--no-revs', '--flags', '--no-flags'],
    longValued: ['--git-path', '--since', '--after', '--until', '--before', '--default', '--prefix', '--path-format'], longOptional: ['--short', '--abbrev-ref', '--disambiguate'] },
  'ls-files': { flags: 'cdmoiskutvfz', valued: 'x', long: ['--cached', '--deleted', '--modified', '--others', '--ignored', '--stage', '--killed', '--unmerged',
    '--directory', '--no-empty-directory', '--eol', '--deduplicate', '--exclude-standard', '--error-unmatch', '--full-name', '--recurse-submodules', '--sparse', '--debug'],
    longValued: ['--exclude', '--with-tree', '--format'], longOptional: ['--abbrev'] },
  branch: listing(refFilters, ['--list', '-l', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']),
  tag: listing({ ...refFilters, flags: 'l', shortOptional: 'n' }, ['--list', '-l', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']),
  describe: { long: ['--all', '--tags', '--long', '--always', '--exact-match', '--first-parent', '--contains'], longValued: ['--candidates', '--match', '--exclude'], longOptional: ['--abbrev', '--dirty', '--broken'] },
  'rev-list': { ...merge(revisionLimits), long: [...revisionLimits.long!, '--objects', '--oneline', '--abbrev-commit', '--timestamp', '--header'], longValued: [...revisionLimits.longValued!, '--format', '--pretty'] },
  'merge-base': { flags: 'a', long: ['--all', '--octopus', '--independent', '--is-ancestor', '--fork-point'] },
  'show-ref': { flags: 'dsq', long: ['--head', '--heads', '--tags', '--branches', '--dereference', '--verify', '--quiet', '--exists'], longOptional: ['--hash', '--abbrev'] },
  shortlog: { ...merge(revisionLimits, { flags: 'sneuc', long: ['--summary', '--numbered', '--email', '--committer'], longValued: ['--group', '--format'] }) },
  'cat-file': { flags: 'tspe', long: ['--batch-check', '--batch', '--use-mailmap'], readsFiles: true },
  grep: { flags: 'acEFGhHiIlLnopPqvwz', valued: 'eABCm', numeric: true, readsFiles: true,
    long: ['--cached', '--text', '--ignore-case', '--word-regexp', '--invert-match', '--full-name', '--extended-regexp', '--basic-regexp', '--fixed-strings',
      '--perl-regexp', '--line-number', '--column', '--files-with-matches', '--name-only', '--files-without-match', '--null', '--count', '--break', '--heading',
      '--show-function', '--function-context', '--all-match', '--quiet', '--no-textconv', '--only-matching', '--recurse-submodules', '--no-color'],
    longValued: ['--max-depth', '--after-context', '--before-context', '--context', '--max-count', '--threads'], longOptional: ['--color'] },
  reflog: { ...merge(revisionLimits, diffOutput), firstOperand: ['show'] },
  stash: { ...merge(diffOutput), firstOperand: ['list', 'show'], needsOperand: true },
};
