import type { ParsedShellCommand, ShellRedirect, SimpleCommand } from '../ports/shellParser';
import type { CommandUnasked } from '../tools/approval';
import { allowRuleUsable, matchingRule, narrowestRule } from './commandRules';
import { deniedParts } from './denyListMatch';
import { filesOnly, isReadOnlyCommand, notReadOnly, readsFiles, unwrap, type NotReadOnly } from './readOnlyCheck';
import { globMaySecret, looksAlike, namesSecret } from './wordChecks';
import { unsafeCharacter } from './lineBytes';
import { networkPath, privatePath } from './specialPaths';
import { hardenedGitLine } from './gitHardening';

/** Why one sub-command asks. */
export type AskWhy =
  | { kind: 'unknown'; what: string }
  | { kind: 'look-alike' }
  | { kind: 'secret'; file: string }
  | { kind: 'writes'; file: string }
  | { kind: 'assignment' }
  | { kind: 'not-read-only'; because: NotReadOnly }
  | { kind: 'read-only-off' }
  | { kind: 'not-parsed'; reason: string }
  | { kind: 'denied'; rule: string };

export type PartOutcome =
  | { kind: 'read-only' }
  | { kind: 'allowed'; rule: string }
  /** `rule`: what `Always allow` would add for it; absent where no rule can cover it (a secret, an expansion). */
  | { kind: 'asks'; why: AskWhy; rule?: string };

export interface JudgedPart {
  /** The sub-command as matched and shown: words, assignments and the redirections that matter. */
  text: string;
  outcome: PartOutcome;
}

export type UnaskedWhy = CommandUnasked;

/** Spec §23's one question: unasked, and why? Or asked, with the parts that asked and the `Always allow` rules. */
export type CommandVerdict =
  /** `run`: the line to run instead, when it differs (read-only git with its safe options, spec §23). */
  | { unasked: true; why: UnaskedWhy; run?: string }
  | { unasked: false; asking: JudgedPart[]; alwaysAllow?: string[] };

export interface CommandJudgmentInput {
  line: string;
  /** Undefined where there is no parser: the line is not judged, it asks. */
  parsed: ParsedShellCommand | undefined;
  allowList: readonly string[];
  denyList: readonly string[];
  sandboxed: boolean;
  autoApproveCommands: boolean;
  autoApproveReadOnly: boolean;
}

/** A redirection that neither writes a file nor reads one: `/dev/null`, `2>&1`, `2>&-`, a here-doc. */
function harmless(redirect: ShellRedirect): boolean {
  if (redirect.target === '/dev/null' || redirect.target === '' || redirect.op.startsWith('<<')) return true;
  return (redirect.op === '>&' || redirect.op === '<&') && /^(\d+-?|-)$/.test(redirect.target);
}

function textOf(assignments: readonly string[], words: readonly string[], redirects: readonly ShellRedirect[]): string {
  return [...assignments, ...words, ...redirects.map((r) => `${r.op} ${r.target}`)].join(' ');
}

/** `cd src`: a folder below this one, so the names after it still mean files of the workspace. */
function cdProblem(words: readonly string[]): string | undefined {
  const target = words.slice(1).find((word) => !word.startsWith('-')) ?? '';
  return target.startsWith('/') || target.startsWith('~') || target.split('/').includes('..') ? target : undefined;
}

/** What a sub-command may reach outside plain reading: a connection, a process's secrets, a secret file. */
function reachProblem(command: SimpleCommand, unwrapped: readonly string[] | undefined): AskWhy | undefined {
  const targets = command.redirects.map((r) => r.target);
  const network = [...command.words, ...targets, ...command.links].find(networkPath);
  if (network !== undefined) return { kind: 'unknown', what: `a network connection (${network})` };
  // `ls .env` only lists a name; a command that reads its operands, or one outside the read-only set, may read it.
  const operandsMatter = !unwrapped || !isReadOnlyCommand(unwrapped) || readsFiles(unwrapped);
  const inputs = command.redirects.filter((r) => r.op.startsWith('<') && !r.op.startsWith('<<')).map((r) => r.target);
  const read = [...(operandsMatter ? command.words.slice(1) : []), ...inputs];
  const secret = read.find((word) => namesSecret(word) || privatePath(word))
    ?? (operandsMatter ? command.links.find((link) => namesSecret(link) || privatePath(link)) : undefined)
    // Expanded globs are judged by their matches; one outside the folder (`~/.ss?/id*`) also by what it could match elsewhere.
    ?? (operandsMatter ? command.globs.find((glob) => (!command.globsExpanded || /^[~/]/.test(glob)) && globMaySecret(glob)) : undefined);
  if (secret !== undefined) return { kind: 'secret', file: secret };
  // The Bash tool always parses in the command's folder, so the parser has looked which words are folders.
  const folder = unwrapped && filesOnly(unwrapped) ? command.folders?.[0] : undefined;
  return folder === undefined ? undefined : { kind: 'unknown', what: `a folder whose every file it reads (${folder})` };
}

function judgePart(command: SimpleCommand, input: CommandJudgmentInput, afterCd: boolean): JudgedPart {
  const redirects = command.redirects.filter((redirect) => !harmless(redirect));
  const text = textOf(command.assignments, command.words, redirects);
  const unwrapped = unwrap(command.words);
  const texts = unwrapped && unwrapped.length !== command.words.length ? [text, textOf(command.assignments, unwrapped, redirects)] : [text];
  const asks = (why: AskWhy, rule?: string): JudgedPart => ({ text, outcome: { kind: 'asks', why, ...(rule ? { rule } : {}) } });

  if (command.unknowns.length > 0) return asks({ kind: 'unknown', what: command.unknowns[0]! });
  if (looksAlike(command.words)) return asks({ kind: 'look-alike' });
  const reach = reachProblem(command, unwrapped);
  if (reach) return asks(reach);

  const writes = redirects.find((redirect) => redirect.op.includes('>'))?.target;
  const because: NotReadOnly | undefined = !unwrapped ? { kind: 'unknown-command', name: command.words[0] ?? '' }
    : unwrapped[0] === 'git' && afterCd ? { kind: 'git-config' }
      : unwrapped[0] === 'cd' && cdProblem(unwrapped) !== undefined ? { kind: 'operand', operand: cdProblem(unwrapped)! }
        : notReadOnly(unwrapped);
  const readOnly = command.assignments.length === 0 && writes === undefined && because === undefined;
  if (readOnly && input.autoApproveReadOnly) return { text, outcome: { kind: 'read-only' } };
  const allowed = matchingRule(input.allowList.filter(allowRuleUsable), texts);
  if (allowed !== undefined) return { text, outcome: { kind: 'allowed', rule: allowed } };
  const rule = narrowestRule(command.words, text);
  if (readOnly) return asks({ kind: 'read-only-off' }, rule);
  if (command.assignments.length > 0) return asks({ kind: 'assignment' }, rule);
  if (writes !== undefined) return asks({ kind: 'writes', file: writes }, rule);
  return asks({ kind: 'not-read-only', because: because! }, rule);
}

/** Judges a command line (spec §23): each sub-command read-only, allowed or sandboxed, else the whole line asks. */
export function judgeCommand(input: CommandJudgmentInput): CommandVerdict {
  const line = input.line.trim();
  // A byte bash and the parser read differently asks whatever else would let it run: the deny list cannot read it either.
  const unsafe = unsafeCharacter(input.line);
  if (unsafe !== undefined) return { unasked: false, asking: [{ text: line, outcome: { kind: 'asks', why: { kind: 'not-parsed', reason: unsafe } } }] };
  // The deny list asks whatever else would let the command run: the sandbox and autoApproveCommands included.
  const denied = deniedParts(input.denyList, line, input.parsed);
  if (denied.length > 0) return { unasked: false, asking: denied.map(({ text, rule }) => ({ text, outcome: { kind: 'asks', why: { kind: 'denied', rule } } })) };
  let afterCd = false;
  const parts: JudgedPart[] = input.parsed?.ok
    ? input.parsed.commands.map((command) => {
      const part = judgePart(command, input, afterCd);
      // A git after a cd may be in a repository the workspace brought (a bare one, with its own configuration).
      if (unwrap(command.words)?.[0] === 'cd') afterCd = true;
      return part;
    })
    : [{ text: line, outcome: { kind: 'asks', why: { kind: 'not-parsed', reason: input.parsed?.reason ?? 'no shell parser' } } }];
  if (input.sandboxed) return { unasked: true, why: { kind: 'sandboxed' } };
  const asking = parts.filter((part) => part.outcome.kind === 'asks');
  if (asking.length === 0) {
    const rules = [...new Set(parts.flatMap((part) => (part.outcome.kind === 'allowed' ? [part.outcome.rule] : [])))];
    if (rules.length > 0) return { unasked: true, why: { kind: 'allowed', rules } };
    const run = input.parsed?.ok ? hardenedGitLine(input.line, input.parsed.commands) : undefined;
    if (run === undefined) return { unasked: false, asking: [{ text: line, outcome: { kind: 'asks', why: { kind: 'not-read-only', because: { kind: 'git-config' } } } }] };
    return { unasked: true, why: { kind: 'read-only' }, ...(run !== input.line ? { run } : {}) };
  }
  if (input.autoApproveCommands) return { unasked: true, why: { kind: 'auto-approved' } };
  const rules = asking.map((part) => (part.outcome.kind === 'asks' ? part.outcome.rule : undefined));
  const alwaysAllow = rules.every((rule): rule is string => rule !== undefined) ? [...new Set(rules)] : undefined;
  return { unasked: false, asking, ...(alwaysAllow ? { alwaysAllow } : {}) };
}
