import type { ParsedShellCommand, ShellRedirect, SimpleCommand } from '../ports/shellParser';
import { ruleMatches } from './commandRules';

/**
 * Spec §23, issue 54: what `approval.commandDenyList` is matched against. Each entry is tried on several texts of
 * each sub-command — as written; then with its assignments dropped, its name reduced to a basename (`/usr/bin/sudo`)
 * and each wrapper taken off in turn (`env`, `timeout 5`, `xargs`, `sudo -u x`, `busybox`, the string of `sh -c`);
 * and each of those normalised (`-fu` → `-f -u`, `$HOME/` → `~`, `a/../..` → `..`, `/.//` → `/`) — and on the whole
 * line: as written, and as the normalised texts of all its sub-commands, one a line (a pipe into a shell spans two).
 * The parser has already resolved quotes and `\`; an expansion keeps its `$…` text, so a rule can ask for it.
 */

interface Wrapper {
  /** Options whose value is the next word. */
  valued?: readonly string[];
  /** Words after the options before the command (`timeout 5`). */
  positional?: number;
  /** Options with which the wrapper runs nothing (`command -v sudo`). */
  stops?: readonly string[];
  /** Options whose value is a command line (`env -S 'sudo ls'`). */
  line?: readonly string[];
}

const sudoValued = ['-u', '--user', '-g', '--group', '-C', '--close-from', '-D', '--chdir', '-h', '--host', '-p', '--prompt', '-r', '--role', '-t', '--type', '-U', '--other-user', '-T', '--command-timeout'];

/** Programs that run the rest of their words as a command. */
const wrappers: Readonly<Record<string, Wrapper>> = {
  env: { valued: ['-u', '--unset', '-C', '--chdir'], line: ['-S', '--split-string'] },
  nice: { valued: ['-n', '--adjustment'] },
  time: { valued: ['-f', '--format', '-o', '--output'] },
  command: { stops: ['-v', '-V'] },
  builtin: {},
  exec: { valued: ['-a'] },
  nohup: {},
  setsid: {},
  unbuffer: {},
  busybox: {},
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], positional: 1 },
  xargs: { valued: ['-I', '-n', '-L', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-lines', '--max-procs', '--max-chars', '--eof', '--replace', '--process-slot-var'] },
  stdbuf: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  ionice: { valued: ['-c', '--class', '-n', '--classdata', '-t'] },
  watch: { valued: ['-n', '--interval', '-d'] },
  sudo: { valued: sudoValued, stops: ['-l', '--list', '-v', '--validate', '-k', '-K', '-V'] },
  doas: { valued: ['-u', '-C'] },
  pkexec: { valued: ['--user'] },
  run0: { valued: ['-u', '--user', '-g', '--group', '-D', '--chdir'] },
};

/** Shells whose `-c` string is a command line; `eval` joins its words into one. */
const shells = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'fish', 'csh', 'tcsh']);

const isExpansion = (word: string) => /[$`]/.test(word);

function basename(name: string): string {
  return isExpansion(name) ? name : name.replace(/\/+$/, '').replace(/^.*\//, '');
}

/** A command line the parser did not see (`sh -c '…'`, `eval …`, a line it could not parse), split crudely. */
function crudeCommands(line: string): string[][] {
  return line.split(/\|&|&&|\|\||[;|&\n]/).map((part) => part.replace(/\\(.)/g, '$1').replace(/["'(){}]/g, ' ').trim().split(/\s+/).filter((w) => w !== '')).filter((words) => words.length > 0);
}

/** The command as its wrappers are taken off, one at a time; the `-c` string of a shell as commands of its own. */
function unwrapped(words: readonly string[], depth = 0): string[][] {
  const found: string[][] = [];
  let rest = words.filter((word, i) => i > 0 || word !== '');
  for (let step = 0; rest.length > 0 && step < 12; step++) {
    rest = [basename(rest[0]!), ...rest.slice(1)];
    found.push(rest);
    const name = rest[0]!;
    if (depth < 3 && name === 'eval') found.push(...crudeCommands(rest.slice(1).join(' ')).flatMap((cmd) => unwrapped(cmd, depth + 1)));
    if (depth < 3 && shells.has(name)) {
      const flags = rest.slice(1).filter((word, i, all) => word.startsWith('-') && all.slice(0, i).every((w) => w.startsWith('-')));
      const script = rest[flags.length + 1];
      if (flags.some((flag) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(flag)) && script !== undefined) found.push(...crudeCommands(script).flatMap((cmd) => unwrapped(cmd, depth + 1)));
    }
    const wrapper = Object.prototype.hasOwnProperty.call(wrappers, name) ? wrappers[name]! : undefined;
    if (!wrapper) break;
    let i = 1;
    while (i < rest.length && rest[i]!.startsWith('-') && rest[i] !== '--') {
      const option = rest[i]!;
      const optionName = option.split('=')[0]!;
      if (wrapper.stops?.includes(optionName)) return found;
      if (wrapper.line?.includes(optionName)) {
        const value = option.includes('=') ? option.slice(option.indexOf('=') + 1) : rest[i + 1] ?? '';
        found.push(...crudeCommands(value).flatMap((cmd) => unwrapped(cmd, depth + 1)));
      }
      i += wrapper.valued?.includes(option) || wrapper.line?.includes(option) ? 2 : 1;
    }
    if (rest[i] === '--') i++;
    // `env A=1 sudo …`: the assignments are the environment.
    while (name === 'env' && /^[A-Za-z_]\w*=/.test(rest[i] ?? '')) i++;
    rest = rest.slice(i + (wrapper.positional ?? 0));
  }
  return found;
}

/** `$HOME/a/../.` → `~`, `/tmp//..` → `/`, `./` → `.`, `src/../..` → `..`; a word that is not a path stays. */
export function normalisePath(word: string): string {
  const home = word.replace(/^(\$HOME|\$\{HOME\})(?=\/|$)/, '~');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(home) || !(home.includes('/') || home === '~' || home === '.' || home === '..')) return word;
  const absolute = home.startsWith('/');
  const root = !absolute && home.startsWith('~') ? home.split('/')[0]! : undefined;
  const segments: string[] = [];
  for (const segment of home.split('/').slice(root === undefined ? 0 : 1)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && segments.length > 0 && segments.at(-1) !== '..') segments.pop();
    else if (segment !== '..' || !absolute) segments.push(segment);
  }
  if (absolute) return `/${segments.join('/')}`;
  if (root !== undefined) return [root, ...segments].join('/');
  return segments.join('/') || '.';
}

/** One word as rules see it: a cluster of short flags split (`-rf` → `-r -f`), a path normalised, also after `of=`. */
function normaliseWord(word: string): string {
  if (/^-[a-zA-Z]{2,}$/.test(word)) return [...word.slice(1)].map((letter) => `-${letter}`).join(' ');
  if (word.startsWith('-')) return word;
  const valued = /^([A-Za-z_]\w*=)(.+)$/.exec(word);
  return valued ? `${valued[1]}${normalisePath(valued[2]!)}` : normalisePath(word);
}

/** A redirection that neither writes a file nor reads one (as judgeCommand.ts: `/dev/null`, `2>&1`, a here-doc). */
function harmless(redirect: ShellRedirect): boolean {
  if (redirect.target === '/dev/null' || (redirect.target === '' && !redirect.op.startsWith('<<<'))) return true;
  return (redirect.op === '>&' || redirect.op === '<&') && /^(\d+-?|-)$/.test(redirect.target);
}

const redirectText = (redirects: readonly ShellRedirect[], normalise: boolean) =>
  redirects.map((r) => `${r.op} ${normalise ? normalisePath(r.target) : r.target}`.trimEnd());

/** The texts of one sub-command, as written first; and, as the last, the normalised texts only. */
function commandTexts(command: SimpleCommand): { raw: string; plain: string[]; normalised: string[] } {
  const redirects = command.redirects.filter((redirect) => !harmless(redirect));
  const raw = [...command.assignments, ...command.words, ...redirectText(redirects, false)].join(' ');
  const stages = unwrapped(command.words);
  const plain = stages.map((words) => [...words, ...redirectText(redirects, false)].join(' '));
  const normalised = stages.map((words) => [...words.map(normaliseWord), ...redirectText(redirects, true)].join(' '));
  return { raw, plain, normalised };
}

/**
 * A user's entry of plain words (`npm publish`, `git push *`) also covers a text whose word at that place is an
 * expansion (`npm $X`, `$NPM publish`): the list needs a literal there and cannot see one.
 */
export function expansionMayMatch(rule: string, text: string): boolean {
  const wanted = rule.trim().split(/\s+/);
  if (wanted[0] === '' || (rule.trim().startsWith('/') && rule.trim().endsWith('/'))) return false;
  const words = text.trim().split(/\s+/);
  for (let i = 0; i < wanted.length; i++) {
    const want = wanted[i]!;
    const word = words[i];
    if (want === '*' && i === wanted.length - 1) return false;
    if (word === undefined) return false;
    if (isExpansion(word)) return true;
    if (want.endsWith('*') && i === wanted.length - 1) return false;
    if (word !== want) return false;
  }
  return false;
}

/** A part of the line the deny list asks for: the sub-command (or the line) as shown, and the entry that covers it. */
export interface DeniedPart {
  text: string;
  rule: string;
}

const isRegex = (rule: string) => rule.trim().length >= 2 && rule.trim().startsWith('/') && rule.trim().endsWith('/');

/**
 * The parts of a line the deny list asks for (spec §23): each sub-command an entry covers, and the line when an entry
 * covers it as a whole. Empty when no entry does.
 */
export function deniedParts(denyList: readonly string[], line: string, parsed: ParsedShellCommand | undefined): DeniedPart[] {
  const denied: DeniedPart[] = [];
  const deny = (text: string, rule: string) => denied.push({ text, rule });
  const commands = parsed?.ok
    ? parsed.commands.map(commandTexts)
    : crudeCommands(line).map((words) => commandTexts({ words, assignments: [], redirects: [], unknowns: [], globs: [], spans: [], links: [] }));
  for (const { raw, plain, normalised } of commands) {
    const texts = [...new Set([raw, ...plain, ...normalised])];
    const rule = denyList.find((entry) => texts.some((text) => ruleMatches(entry, text) || expansionMayMatch(entry, text)));
    if (rule !== undefined) deny(raw, rule);
  }
  // A regex entry also sees the sub-commands together, one a line (a download piped into a shell spans two).
  const joined = commands.flatMap(({ normalised }) => normalised).join('\n');
  const lineRule = denyList.find((entry) => ruleMatches(entry, line) || (isRegex(entry) && ruleMatches(entry, joined)));
  // The line is named too when its entry is not one a sub-command already showed (a sudo line is shown once).
  if (lineRule !== undefined && !denied.some((part) => part.rule === lineRule)) deny(line, lineRule);
  return denied;
}
