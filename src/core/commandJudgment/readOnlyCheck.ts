import { readOnlyCommands, wrappers, type ReadOnlyCommand } from './readOnlyCommands';

/** Why a sub-command's words are not read-only, as data the card words later. */
export type NotReadOnly =
  | { kind: 'unknown-command'; name: string }
  | { kind: 'option'; option: string }
  | { kind: 'operand'; operand: string }
  | { kind: 'git-config' };

/** `time nice -n 5 ls -la` → `ls -la`; undefined when a wrapper is used in a way that changes what runs. */
export function unwrap(words: readonly string[]): string[] | undefined {
  let rest = [...words];
  for (;;) {
    const wrapper = wrappers[rest[0] ?? ''];
    if (!wrapper) return rest;
    let i = 1;
    while (i < rest.length && rest[i]!.startsWith('-') && rest[i] !== '--') {
      const word = rest[i]!;
      if (wrapper.forbidden?.some((option) => word === option || word.startsWith(`${option}=`))) return undefined;
      i += wrapper.valued.includes(word) ? 2 : 1;
    }
    if (rest[i] === '--') i++;
    i += wrapper.positional ?? 0;
    // `env PATH=. ls`: an assignment changes which program runs.
    if (rest[0] === 'env' && rest[i]?.includes('=')) return undefined;
    rest = rest.slice(i);
    if (rest.length === 0) return rest;
  }
}

function optionName(word: string): string {
  return word.split('=')[0]!;
}

/** The option among `args` that `entry` disqualifies, if any. */
function disqualifyingOption(entry: ReadOnlyCommand, args: readonly string[]): string | undefined {
  for (const word of args) {
    if (word === '--') return undefined;
    if (!word.startsWith('-') || word === '-') continue;
    if (entry.exact?.some((denied) => (denied.endsWith('*') ? word.startsWith(denied.slice(0, -1)) : word === denied))) return word;
    if (word.startsWith('--')) {
      const name = optionName(word);
      // getopt takes any unambiguous prefix: `--out=f` is `--output=f`.
      if (entry.long?.some((denied) => (denied.endsWith('*') ? name.startsWith(denied.slice(0, -1)) : denied === name || (name.length > 3 && denied.startsWith(name))))) return word;
    } else if (!entry.exact && entry.short && [...word.slice(1)].some((letter) => entry.short!.includes(letter))) return word;
  }
  return undefined;
}

/** The words of `args` that are not options (after `--`, all of them). */
export function operandsOf(args: readonly string[]): string[] {
  const index = args.indexOf('--');
  const before = index < 0 ? args : args.slice(0, index);
  const after = index < 0 ? [] : args.slice(index + 1);
  return [...before.filter((word) => !word.startsWith('-') || word === '-'), ...after];
}

function judgeEntry(entry: ReadOnlyCommand, args: readonly string[]): NotReadOnly | undefined {
  const option = disqualifyingOption(entry, args);
  if (option !== undefined) return { kind: 'option', option };
  const operands = operandsOf(args);
  if (entry.maxOperands !== undefined && operands.length > entry.maxOperands) return { kind: 'operand', operand: operands[entry.maxOperands]! };
  if (entry.needsOperand && operands.length === 0) return { kind: 'operand', operand: '' };
  if (entry.firstOperand && operands.length > 0 && !entry.firstOperand.includes(operands[0]!)) return { kind: 'operand', operand: operands[0]! };
  if (entry.operandsOnlyWith && operands.length > 0 && !args.some((word) => entry.operandsOnlyWith!.includes(optionName(word)))) return { kind: 'operand', operand: operands[0]! };
  return undefined;
}

/** git's options before the subcommand that take a value, and those that are harmless flags. */
const gitValued = new Set(['-C', '--git-dir', '--work-tree', '--namespace']);
const gitFlags = new Set(['--no-pager', '-P', '--bare', '--no-replace-objects', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-optional-locks', '--paginate', '-p']);

function judgeGit(args: readonly string[]): NotReadOnly | undefined {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    const word = args[i]!;
    const name = optionName(word);
    if (name.startsWith('-c') || name === '--config-env' || name === '--exec-path') return { kind: 'git-config' };
    if (gitValued.has(word)) i += 2;
    else if (gitValued.has(name) || gitFlags.has(word)) i += 1;
    else return { kind: 'option', option: word };
  }
  const sub = args[i];
  const entry = sub === undefined ? undefined : readOnlyCommands.git!.subcommands![sub];
  if (!entry) return { kind: 'unknown-command', name: sub === undefined ? 'git' : `git ${sub}` };
  return judgeEntry(entry, args.slice(i + 1));
}

/** Undefined when `words` (unwrapped) only read; else why not. */
export function notReadOnly(words: readonly string[]): NotReadOnly | undefined {
  const [name, ...args] = words;
  if (name === undefined) return undefined;
  const entry = Object.prototype.hasOwnProperty.call(readOnlyCommands, name) ? readOnlyCommands[name] : undefined;
  if (!entry) return { kind: 'unknown-command', name };
  return entry.subcommands ? judgeGit(args) : judgeEntry(entry, args);
}

/** Whether this command's name is in the read-only set. */
export function isReadOnlyCommand(words: readonly string[]): boolean {
  return words[0] !== undefined && Object.prototype.hasOwnProperty.call(readOnlyCommands, words[0]);
}

/** Whether the entry of this command reads its operands as files (a secret among them asks). */
export function readsFiles(words: readonly string[]): boolean {
  const name = words[0];
  return name !== undefined && Object.prototype.hasOwnProperty.call(readOnlyCommands, name) && readOnlyCommands[name]!.readsFiles === true;
}
