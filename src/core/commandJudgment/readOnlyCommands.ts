import type { OptionSet } from './optionReader';

/**
 * Spec §23: the built-in read-only set, as data: each command with the options it is known to read safely. An
 * option not listed asks (readOptions). docs/security.md lists the same commands and what is left out, and why.
 */
export interface ReadOnlyCommand extends OptionSet {
  /** How its words are read: getopt's way (default), find's expression, a test's operators, or not at all (echo). */
  syntax?: 'options' | 'find' | 'test' | 'words' | 'no-options';
  /** Its operands are read as files: a secret file among them asks (spec §4). */
  readsFiles?: boolean;
  /** Its operands must be files: given a folder it reads every file in it (`diff . ../x` prints both `.env`s). */
  filesOnly?: boolean;
  /** At most this many operands: `uniq in out` writes `out`. */
  maxOperands?: number;
  /** git's: the subcommands it allows, each judged by its own entry. */
  subcommands?: Readonly<Record<string, ReadOnlyCommand>>;
  /** No operand unless one of these options says it is a filter (`git branch x` creates a branch; `--list x` lists). */
  operandsOnlyWith?: readonly string[];
  /** The first operand, when there is one, must be one of these (`git stash list`, not `git stash pop`). */
  firstOperand?: readonly string[];
  /** Without an operand it changes something (`git stash` stashes). */
  needsOperand?: boolean;
}

const reads = (entry: ReadOnlyCommand): ReadOnlyCommand => ({ ...entry, readsFiles: true });

export const readOnlyCommands: Readonly<Record<string, ReadOnlyCommand>> = {
  ls: {
    flags: 'aAbBcCdfFgGhHiklLmnNopqQrRsStuUvxXZ1',
    valued: 'IwT',
    long: ['--all', '--almost-all', '--author', '--escape', '--directory', '--classify', '--file-type', '--full-time', '--group-directories-first',
      '--no-group', '--human-readable', '--si', '--dereference', '--dereference-command-line', '--inode', '--literal', '--numeric-uid-gid',
      '--hide-control-chars', '--show-control-chars', '--quote-name', '--reverse', '--recursive', '--size', '--context', '--zero'],
    longValued: ['--block-size', '--format', '--hide', '--ignore', '--indicator-style', '--quoting-style', '--sort', '--time', '--time-style', '--width', '--tabsize'],
    longOptional: ['--color', '--colour', '--classify', '--hyperlink'],
  },
  cat: reads({ flags: 'AbeEnstTuv', long: ['--show-all', '--number-nonblank', '--show-ends', '--number', '--squeeze-blank', '--show-tabs', '--show-nonprinting'] }),
  head: reads({ flags: 'qvz', valued: 'nc', numeric: true, long: ['--quiet', '--silent', '--verbose', '--zero-terminated'], longValued: ['--lines', '--bytes'] }),
  tail: reads({
    flags: 'fFqvz', valued: 'ncs', numeric: true,
    long: ['--quiet', '--silent', '--verbose', '--zero-terminated', '--retry'],
    longValued: ['--lines', '--bytes', '--sleep-interval', '--pid', '--max-unchanged-stats'],
    longOptional: ['--follow'],
  }),
  wc: reads({ flags: 'clmwL', long: ['--bytes', '--chars', '--lines', '--words', '--max-line-length'] }),
  pwd: { flags: 'LP', maxOperands: 0 },
  echo: { syntax: 'words' },
  printf: { syntax: 'no-options' },
  which: { flags: 'a' },
  type: { flags: 'afPpt' },
  // -z and -s would run decompressors or read devices; -m loads another magic file.
  file: reads({ flags: 'bcEhiklLNprv0', long: ['--brief', '--dereference', '--no-dereference', '--mime', '--mime-type', '--mime-encoding', '--keep-going', '--raw', '--print0', '--no-pad', '--preserve-date', '--extension', '--apple'] }),
  stat: { flags: 'LftZ', valued: 'c', long: ['--dereference', '--file-system', '--terse'], longValued: ['--format', '--printf'] },
  du: {
    flags: 'abcDhHklLmPsSx0', valued: 'dBt',
    long: ['--all', '--apparent-size', '--bytes', '--total', '--dereference-args', '--human-readable', '--inodes', '--dereference', '--no-dereference', '--null', '--separate-dirs', '--si', '--summarize', '--one-file-system', '--count-links'],
    longValued: ['--max-depth', '--block-size', '--threshold', '--exclude', '--time-style'],
    longOptional: ['--time'],
  },
  df: { flags: 'ahHiklPT', valued: 'tBx', long: ['--all', '--human-readable', '--si', '--inodes', '--local', '--portability', '--print-type', '--total', '--no-sync', '--sync'], longValued: ['--block-size', '--type', '--exclude-type'] },
  // -o writes the listing to a file; -R runs tree again with `-o`; --fromfile prints a file's lines as names.
  tree: {
    flags: 'adlfxpsughDFqNQrtvcUSnCAJX', valued: 'LPIH',
    long: ['--noreport', '--dirsfirst', '--filesfirst', '--prune', '--du', '--si', '--inodes', '--device', '--matchdirs', '--ignore-case', '--gitignore', '--info', '--metafirst', '--no-gitignore'],
    longValued: ['--charset', '--filelimit', '--timefmt', '--sort', '--hintro', '--houtro'],
  },
  // -r would read every file of a folder, .env included; -f reads its patterns from a file.
  grep: reads({
    flags: 'abcEFGhHiIlLnoPqsTuUvVwxyzZ', valued: 'eABCmD', numeric: true,
    long: ['--text', '--byte-offset', '--count', '--extended-regexp', '--fixed-strings', '--basic-regexp', '--no-filename', '--with-filename',
      '--ignore-case', '--no-ignore-case', '--files-with-matches', '--files-without-match', '--line-number', '--only-matching', '--perl-regexp', '--quiet',
      '--silent', '--no-messages', '--initial-tab', '--invert-match', '--word-regexp', '--line-regexp', '--null', '--null-data', '--line-buffered'],
    longValued: ['--regexp', '--after-context', '--before-context', '--context', '--max-count', '--label', '--binary-files'],
    longOptional: ['--color', '--colour'],
  }),
  // Hidden and ignored files (.env) are skipped unless told: --hidden, -u, --no-ignore, -g and --pre are left out.
  rg: reads({
    flags: 'bcFHiIlnNopqsSvwx0UP', valued: 'eABCmtTdjMErM',
    long: ['--count', '--count-matches', '--fixed-strings', '--with-filename', '--no-filename', '--ignore-case', '--smart-case', '--case-sensitive',
      '--files-with-matches', '--files-without-match', '--line-number', '--no-line-number', '--only-matching', '--quiet', '--invert-match',
      '--word-regexp', '--line-regexp', '--null', '--files', '--type-list', '--vimgrep', '--json', '--no-heading', '--heading', '--column',
      '--no-column', '--trim', '--stats', '--multiline', '--pcre2', '--no-messages', '--passthru', '--byte-offset', '--no-config', '--pretty', '--crlf'],
    longValued: ['--regexp', '--after-context', '--before-context', '--context', '--max-count', '--type', '--type-not', '--max-depth', '--threads',
      '--max-columns', '--max-filesize', '--sort', '--sortr', '--replace', '--encoding', '--engine', '--context-separator', '--field-match-separator'],
    longOptional: ['--color', '--colour'],
  }),
  // -o writes, -T writes temporary files where it says, --files0-from and --random-source read named files.
  sort: reads({
    flags: 'bcCdfghiMmnrRsuVz', valued: 'ktS',
    long: ['--ignore-leading-blanks', '--dictionary-order', '--ignore-case', '--general-numeric-sort', '--ignore-nonprinting', '--month-sort',
      '--human-numeric-sort', '--numeric-sort', '--random-sort', '--reverse', '--version-sort', '--check', '--merge', '--stable', '--unique', '--zero-terminated'],
    longValued: ['--key', '--field-separator', '--buffer-size', '--sort', '--parallel'],
  }),
  uniq: reads({ flags: 'cdDiuz', valued: 'fsw', maxOperands: 1, long: ['--count', '--repeated', '--ignore-case', '--unique', '--zero-terminated'], longValued: ['--skip-fields', '--skip-chars', '--check-chars', '--all-repeated', '--group'] }),
  cut: reads({ flags: 'nsz', valued: 'bcdf', long: ['--complement', '--only-delimited', '--zero-terminated'], longValued: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'] }),
  // Given a folder it reads every file in it, even without -r (-N takes a missing one for an empty folder: `diff -N
  // missing .` prints every file here, found by the differential test); -x/-X read patterns from a file.
  diff: reads({
    filesOnly: true,
    flags: 'abBdeEfinpqstTuwyZ', valued: 'UCWFIL', numeric: true,
    long: ['--text', '--ignore-blank-lines', '--ignore-space-change', '--minimal', '--ed', '--ignore-tab-expansion', '--ignore-case',
      '--rcs', '--show-c-function', '--brief', '--report-identical-files', '--expand-tabs', '--initial-tab', '--ignore-all-space', '--side-by-side',
      '--ignore-trailing-space', '--strip-trailing-cr', '--suppress-common-lines', '--left-column', '--normal', '--suppress-blank-empty', '--speed-large-files'],
    longValued: ['--ignore-matching-lines', '--label', '--width', '--tabsize', '--show-function-line', '--horizon-lines'],
    longOptional: ['--color', '--unified', '--context'],
  }),
  tr: { flags: 'cCdst', long: ['--complement', '--delete', '--squeeze-repeats', '--truncate-set1'], maxOperands: 2 },
  basename: { flags: 'az', valued: 's', long: ['--multiple', '--zero'], longValued: ['--suffix'] },
  dirname: { flags: 'z', long: ['--zero'] },
  realpath: { flags: 'eLmPqsz', long: ['--canonicalize-existing', '--canonicalize-missing', '--logical', '--physical', '--quiet', '--strip', '--no-symlinks', '--zero'], longValued: ['--relative-to', '--relative-base'] },
  // Its operand decides what the next command's relative names mean: checked in judgeCommand (a folder below this one).
  cd: { flags: 'LP', readsFiles: true, maxOperands: 1, needsOperand: true },
  true: { syntax: 'words' },
  false: { syntax: 'words' },
  test: { syntax: 'test' },
  '[': { syntax: 'test' },
  '[[': { syntax: 'test' },
  find: { syntax: 'find' },
};

/**
 * Commands that run the rest of their words as a command, unwrapped before judging (`nice ls` is `ls`), with the
 * options each is known to take safely and how many words before the command (timeout's duration). `env` is not
 * one: `-S`, `-u` and assignments change what runs and what it sees. GNU time's `-o` writes: only `-p`.
 */
export const wrappers: Readonly<Record<string, { options: OptionSet; positional?: number }>> = {
  time: { options: { flags: 'p' } },
  nice: { options: { valued: 'n', numeric: true, longValued: ['--adjustment'] } },
  timeout: { options: { flags: 'v', valued: 'sk', long: ['--foreground', '--preserve-status', '--verbose'], longValued: ['--signal', '--kill-after'] }, positional: 1 },
  command: { options: { flags: 'p' } },
};
