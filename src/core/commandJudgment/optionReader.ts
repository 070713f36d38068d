/**
 * Spec §23: the options a command is known to read safely, as data. Any other option asks: an allow-list, so an
 * option we never heard of is not read-only by default. Options are read as getopt and git's parse-options read
 * them: short letters clustered (`-la`), a short option's value attached or next (`-n5`, `-n 5`), a long option's
 * value after `=` or next (`--lines=5`, `--lines 5`), options anywhere until `--`. Long options must be spelled
 * out: getopt would take `--out` for `--output`, so a prefix asks.
 */
export interface OptionSet {
  /** Short letters that take no value. */
  flags?: string;
  /** Short letters that take a value. */
  valued?: string;
  /** Short letters whose value is optional and only attached (git's `-M50%`, `-uno`): never the next word. */
  shortOptional?: string;
  /** Long options without a value. */
  long?: readonly string[];
  /** Long options with a value. */
  longValued?: readonly string[];
  /** Long options whose value is optional and only attached (`--color`, `--color=never`). */
  longOptional?: readonly string[];
  /** `-5` is a count (head, tail, grep's context, git log). */
  numeric?: boolean;
}

export interface ReadOptions {
  /** Words that are not options, in order (all of them after `--`). */
  operands: string[];
  /** Option values, in order (`-e PATTERN`, `--format=%h`). */
  values: string[];
  /** The first word that is an option not in the set; undefined when every option is known to be safe. */
  unknown?: string;
}

function readLong(set: OptionSet, word: string, next: string | undefined, read: ReadOptions): number {
  const equals = word.indexOf('=');
  const name = equals < 0 ? word : word.slice(0, equals);
  if (set.longOptional?.includes(name)) {
    if (equals >= 0) read.values.push(word.slice(equals + 1));
    return 1;
  }
  if (set.long?.includes(name)) {
    if (equals >= 0) read.unknown ??= word;
    return 1;
  }
  if (set.longValued?.includes(name)) {
    if (equals >= 0) {
      read.values.push(word.slice(equals + 1));
      return 1;
    }
    if (next === undefined) read.unknown ??= word;
    else read.values.push(next);
    return 2;
  }
  read.unknown ??= word;
  return 1;
}

function readShort(set: OptionSet, word: string, next: string | undefined, read: ReadOptions): number {
  if (set.numeric && /^-\d+$/.test(word)) return 1;
  for (let i = 1; i < word.length; i++) {
    const letter = word[i]!;
    if (set.flags?.includes(letter)) continue;
    if (set.shortOptional?.includes(letter)) {
      if (i + 1 < word.length) read.values.push(word.slice(i + 1));
      return 1;
    }
    if (set.valued?.includes(letter)) {
      if (i + 1 < word.length) {
        read.values.push(word.slice(i + 1));
        return 1;
      }
      if (next === undefined) read.unknown ??= word;
      else read.values.push(next);
      return 2;
    }
    read.unknown ??= word;
    return 1;
  }
  return 1;
}

/** Reads `args` (the words after the command's name) against `set`. */
export function readOptions(set: OptionSet, args: readonly string[]): ReadOptions {
  const read: ReadOptions = { operands: [], values: [] };
  let i = 0;
  while (i < args.length) {
    const word = args[i]!;
    if (word === '--') {
      read.operands.push(...args.slice(i + 1));
      break;
    }
    if (word.startsWith('--')) i += readLong(set, word, args[i + 1], read);
    else if (word.startsWith('-') && word !== '-') i += readShort(set, word, args[i + 1], read);
    else {
      read.operands.push(word);
      i += 1;
    }
  }
  return read;
}

/**
 * Reads the options before the first operand (a wrapper's: `nice -n 5 ls -l` stops at `ls`), past a `--`.
 * `end`: the index of that operand in `args`.
 */
export function readLeadingOptions(set: OptionSet, args: readonly string[]): { end: number; unknown?: string } {
  const read: ReadOptions = { operands: [], values: [] };
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-') && args[i] !== '-') {
    const word = args[i]!;
    if (word === '--') return { end: i + 1, ...(read.unknown !== undefined ? { unknown: read.unknown } : {}) };
    i += word.startsWith('--') ? readLong(set, word, args[i + 1], read) : readShort(set, word, args[i + 1], read);
  }
  return { end: i, ...(read.unknown !== undefined ? { unknown: read.unknown } : {}) };
}
