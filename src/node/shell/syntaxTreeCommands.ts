import type { Node } from 'web-tree-sitter';
import type { ShellRedirect, SimpleCommand } from '../../core/ports/shellParser';
import { collectSubstitutions, note, plainConcatenation, resolveWord, type WordSink } from './shellWords';

/** Nodes that only group statements: their named children are statements (operators are unnamed). */
const groups = new Set(['program', 'list', 'pipeline', 'subshell', 'compound_statement', 'do_group', 'negated_command',
  'if_statement', 'elif_clause', 'else_clause', 'while_statement']);
const redirects = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

function emptyCommand(): SimpleCommand {
  return { words: [], assignments: [], redirects: [], unknowns: [], globs: [], spans: [], links: [] };
}

/** Nodes inside `[[ ]]` that are one operand word; everything else there is an operator or a group. */
const testOperands = new Set(['word', 'string', 'raw_string', 'number', 'concatenation', 'simple_expansion', 'expansion',
  'command_substitution', 'process_substitution', 'ansi_c_string', 'translated_string', 'arithmetic_expansion']);

/** One simple command and which of its words are unquoted globs the parser may expand (by index in `words`). */
export interface FoundCommand {
  command: SimpleCommand;
  globWords: number[];
}

/**
 * The simple commands of a parsed line, in order (spec §23): through pipelines, lists, subshells, groups, `if`,
 * `for` and `while`, and inside `$(…)`, `<(…)` and backticks. Syntax this does not follow becomes a command
 * whose `unknowns` say so, which asks.
 */
export function simpleCommands(root: Node): FoundCommand[] {
  const found: FoundCommand[] = [];
  const sinkFor = (command: SimpleCommand): WordSink => ({ command, nested: (statement) => walk(statement, []) });
  const add = (command: SimpleCommand, globWords: number[] = []) => found.push({ command, globWords });

  /** Pushes a word and its span; a plain word with a glob is remembered for expansion. */
  function pushWord(simple: SimpleCommand, sink: WordSink, node: Node, globWords: number[], position: 'name' | 'argument' = 'argument'): void {
    const globsBefore = simple.globs.length;
    simple.words.push(resolveWord(node, sink, position));
    simple.spans.push({ start: node.startIndex, end: node.endIndex });
    if (simple.globs.length > globsBefore) {
      if (node.type === 'word' || plainConcatenation(node)) globWords.push(simple.words.length - 1);
      else note(simple, 'a glob joined to quoted text');
    }
  }

  function walk(node: Node, outer: Node[]): void {
    if (node.type === 'comment' || node.type === 'heredoc_body') return;
    if (groups.has(node.type)) {
      for (const child of node.namedChildren) if (child) walk(child, outer);
      return;
    }
    if (node.type === 'redirected_statement') {
      const body = node.childForFieldName('body');
      const own = node.childrenForFieldName('redirect').filter((r): r is Node => r !== null);
      if (body) redirected(body, outer, own);
      else command(node, [...outer, ...own]);
      return;
    }
    if (node.type === 'command' || node.type === 'variable_assignment' || node.type === 'variable_assignments') return command(node, outer);
    if (node.type === 'for_statement') return forLoop(node, outer);
    if (node.type === 'test_command') return testCommand(node, outer);
    const unsupported: SimpleCommand = { ...emptyCommand(), words: [node.type], unknowns: [`unsupported syntax (${node.type})`] };
    collectSubstitutions(node, sinkFor(unsupported));
    add(unsupported);
  }

  /** `[[ -f a && b == c ]] > f`: its operators and operands as words (`[[`, `-f`, `a`, …), its redirections its own. */
  function testCommand(node: Node, outer: Node[]): void {
    const test = emptyCommand();
    const sink = sinkFor(test);
    const globWords: number[] = [];
    const visit = (part: Node) => {
      if (testOperands.has(part.type)) return pushWord(test, sink, part, globWords);
      if (part.childCount === 0) {
        test.words.push(part.text);
        test.spans.push({ start: part.startIndex, end: part.endIndex });
        return;
      }
      for (const child of part.children) if (child) visit(child);
    };
    for (const child of node.children) if (child) visit(child);
    add(test, globWords);
    for (const redirect of outer) readRedirect(redirect, test, sink, (statement) => walk(statement, []));
  }

  /** The grammar reads `a && b > f` and `a | b > f` as a list or pipeline redirected; bash gives `> f` to `b` alone. */
  function redirected(body: Node, outer: Node[], own: Node[]): void {
    if (body.type !== 'list' && body.type !== 'pipeline') return walk(body, [...outer, ...own]);
    const items = body.namedChildren.filter((child): child is Node => child !== null && child.type !== 'comment');
    items.slice(0, -1).forEach((item) => walk(item, outer));
    const last = items.at(-1);
    if (last) redirected(last, outer, own);
  }

  function forLoop(node: Node, outer: Node[]): void {
    const loop = emptyCommand();
    const sink = sinkFor(loop);
    for (const value of node.childrenForFieldName('value')) if (value) resolveWord(value, sink);
    if (loop.unknowns.length > 0) add({ ...loop, words: ['for'], spans: [] });
    const body = node.childForFieldName('body');
    if (body) walk(body, outer);
  }

  function command(node: Node, outer: Node[]): void {
    const simple = emptyCommand();
    const globWords: number[] = [];
    add(simple, globWords);
    const sink = sinkFor(simple);
    const pending = [...outer];
    const parts = node.type === 'command' ? node.namedChildren : [node];
    for (const child of parts) {
      if (!child) continue;
      if (child.type === 'variable_assignment' || child.type === 'variable_assignments') {
        simple.assignments.push(child.text);
        collectSubstitutions(child, sink);
      } else if (child.type === 'command_name') {
        const word = child.namedChildren[0];
        if (word) pushWord(simple, sink, word, globWords, 'name');
      } else if (redirects.has(child.type)) {
        pending.push(child);
      } else {
        pushWord(simple, sink, child, globWords);
      }
    }
    // A statement inside a here-doc's redirect (`cat <<EOF | sh`) is a command of its own, after the one it feeds.
    for (const redirect of pending) readRedirect(redirect, simple, sink, (statement) => walk(statement, []));
  }

  walk(root, []);
  return found;
}

function readRedirect(node: Node, command: SimpleCommand, sink: WordSink, statement: (node: Node) => void): void {
  if (node.type === 'herestring_redirect') {
    command.redirects.push({ op: '<<<', target: '' });
    collectSubstitutions(node, sink);
    return;
  }
  if (node.type === 'heredoc_redirect') {
    const start = node.children.find((child) => child?.type === '<<' || child?.type === '<<-');
    command.redirects.push({ op: start?.type ?? '<<', target: '' });
    for (const child of node.namedChildren) {
      if (!child || child.type === 'heredoc_start' || child.type === 'heredoc_end') continue;
      if (child.type === 'heredoc_body') {
        // With the delimiter unquoted bash expands the body; the parser misses a backtick, and `<<-`'s tabs.
        const quoted = /['"\\]/.test(node.children.find((part) => part?.type === 'heredoc_start')?.text ?? '');
        if (!quoted && /[$`\\]/.test(child.text)) note(command, 'a here-document with expansions');
        if (child.namedChildren.some((part) => part && part.type !== 'heredoc_content')) {
          if (!command.unknowns.includes('a here-document with expansions')) command.unknowns.push('a here-document with expansions');
          collectSubstitutions(child, sink);
        }
      } else if (redirects.has(child.type)) readRedirect(child, command, sink, statement);
      else statement(child);
    }
    return;
  }
  const op = node.children.find((child) => child !== null && !child.isNamed)?.type ?? '>';
  const targets = node.childrenForFieldName('destination').filter((t): t is Node => t !== null);
  const globsBefore = command.globs.length;
  const redirect: ShellRedirect = { op, target: targets.map((target) => resolveWord(target, sink)).join(' ') };
  // bash expands a redirection's glob when it names one file: which one only the file system knows.
  if (command.globs.length > globsBefore) note(command, 'a glob in a redirection');
  command.redirects.push(redirect);
}
