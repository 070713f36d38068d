import { unsafeFindWord } from './findExpression';
import { gitGlobalFlags, gitSubcommands } from './gitReadOnly';
import { readLeadingOptions, readOptions } from './optionReader';
import { readOnlyCommands, wrappers, type ReadOnlyCommand } from './readOnlyCommands';
import { unsafeTestWord } from './testExpression';

/** Why a sub-command's words are not read-only, as data the card words later. */
export type NotReadOnly =
  | { kind: 'unknown-command'; name: string }
  | { kind: 'option'; option: string }
  | { kind: 'operand'; operand: string }
  | { kind: 'git-config' };

const own = <T>(record: Readonly<Record<string, T>>, key: string | undefined): T | undefined =>
  (key !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);

/** `nice -n 5 ls -la` → `ls -la`; undefined when a wrapper takes an option not known to be safe. */
export function unwrap(words: readonly string[]): string[] | undefined {
  let rest = [...words];
  for (;;) {
    const wrapper = own(wrappers, rest[0]);
    if (!wrapper) return rest;
    // `command -v x` prints where x is and runs nothing: the words stop here.
    if (rest[0] === 'command' && /^-[pvV]*[vV]/.test(rest[1] ?? '')) return ['command', '-v'];
    const args = rest.slice(1);
    // The wrapper's options end at its first operand: that is the command it runs (after timeout's duration).
    const read = readLeadingOptions(wrapper.options, args);
    if (read.unknown !== undefined) return undefined;
    rest = args.slice(read.end + (wrapper.positional ?? 0));
    if (rest.length === 0) return rest;
  }
}

function judgeEntry(entry: ReadOnlyCommand, args: readonly string[]): NotReadOnly | undefined {
  if (entry.syntax === 'words') return undefined;
  if (entry.syntax === 'find') {
    const word = unsafeFindWord(args);
    return word === undefined ? undefined : { kind: 'option', option: word };
  }
  if (entry.syntax === 'test') {
    const word = unsafeTestWord(args);
    return word === undefined ? undefined : { kind: 'option', option: word };
  }
  if (entry.syntax === 'no-options') {
    // printf -v NAME assigns (and evaluates an array subscript): only a format and its arguments.
    const first = args[0];
    return first !== undefined && first.startsWith('-') && first !== '--' && first !== '-' ? { kind: 'option', option: first } : undefined;
  }
  const read = readOptions(entry, args);
  if (read.unknown !== undefined) return { kind: 'option', option: read.unknown };
  const operands = read.operands;
  if (entry.maxOperands !== undefined && operands.length > entry.maxOperands) return { kind: 'operand', operand: operands[entry.maxOperands]! };
  if (entry.needsOperand && operands.length === 0) return { kind: 'operand', operand: '' };
  if (entry.firstOperand && operands.length > 0 && !entry.firstOperand.includes(operands[0]!)) return { kind: 'operand', operand: operands[0]! };
  if (entry.operandsOnlyWith && operands.length > 0 && !args.some((word) => entry.operandsOnlyWith!.includes(word.split('=')[0]!))) return { kind: 'operand', operand: operands[0]! };
  return undefined;
}

/** Where git's subcommand is in `args` (the words after `git`), or why git is not read-only before it. */
export function gitSubcommandIndex(args: readonly string[]): number | NotReadOnly {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    const word = args[i]!;
    if (word.startsWith('-c') || word.startsWith('--config-env') || word.startsWith('--exec-path')) return { kind: 'git-config' };
    if (!gitGlobalFlags.includes(word)) return { kind: 'option', option: word };
    i += 1;
  }
  return i;
}

function judgeGit(args: readonly string[]): NotReadOnly | undefined {
  const index = gitSubcommandIndex(args);
  if (typeof index !== 'number') return index;
  const sub = args[index];
  const entry = own(gitSubcommands, sub);
  if (!entry) return { kind: 'unknown-command', name: sub === undefined ? 'git' : `git ${sub}` };
  return judgeEntry(entry, args.slice(index + 1));
}

/** Undefined when `words` (unwrapped) only read; else why not. */
export function notReadOnly(words: readonly string[]): NotReadOnly | undefined {
  const [name, ...args] = words;
  if (name === undefined) return undefined;
  if (name === 'git') return judgeGit(args);
  if (name === 'command' && args.length === 1 && args[0] === '-v') return undefined;
  const entry = own(readOnlyCommands, name);
  if (!entry) return { kind: 'unknown-command', name };
  return judgeEntry(entry, args);
}

/** Whether this command's name is in the read-only set. */
export function isReadOnlyCommand(words: readonly string[]): boolean {
  return words[0] === 'git' || own(readOnlyCommands, words[0]) !== undefined;
}

/** A command that reads a folder's files one by one when given one (diff): its operands must be files. */
export function filesOnly(words: readonly string[]): boolean {
  return own(readOnlyCommands, words[0])?.filesOnly === true;
}

/** Whether the command reads its operands (and option values) as files: a secret among them asks. */
export function readsFiles(words: readonly string[]): boolean {
  const name = words[0];
  if (name === 'git') {
    const index = gitSubcommandIndex(words.slice(1));
    return typeof index !== 'number' || own(gitSubcommands, words[index + 1])?.readsFiles !== false;
  }
  return own(readOnlyCommands, name)?.readsFiles === true;
}
