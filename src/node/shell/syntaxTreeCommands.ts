import type { Node } from 'web-tree-sitter';
import type { ShellRedirect, SimpleCommand } from '../../core/ports/shellParser';
import { collectSubstitutions, resolveWord, type WordSink } from './shellWords';

/** Nodes that only group statements: their named children are statements (operators are unnamed). */
const groups = new Set(['program', 'list', 'pipeline', 'subshell', 'compound_statement', 'do_group', 'negated_command',
  'if_statement', 'elif_clause', 'else_clause', 'while_statement']);
const redirects = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

function emptyCommand(): SimpleCommand {
  return { words: [], assignments: [], redirects: [], unknowns: [], globs: [] };
}

/**
 * The simple commands of a parsed line, in order (spec §23): through pipelines, lists, subshells, groups, `if`,
 * `for` and `while`, and inside `$(…)`, `<(…)` and backticks. Syntax this does not follow becomes a command
 * whose `unknowns` say so, which asks.
 */
export function simpleCommands(root: Node): SimpleCommand[] {
  const found: SimpleCommand[] = [];
  const sinkFor = (command: SimpleCommand): WordSink => ({ command, nested: (statement) => walk(statement, []) });

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
    if (node.type === 'test_command') {
      const test: SimpleCommand = { ...emptyCommand(), words: ['[['] };
      collectSubstitutions(node, sinkFor(test));
      found.push(test);
      return;
    }
    const unsupported: SimpleCommand = { ...emptyCommand(), words: [node.type], unknowns: [`unsupported syntax (${node.type})`] };
    collectSubstitutions(node, sinkFor(unsupported));
    found.push(unsupported);
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
    if (loop.unknowns.length > 0) found.push({ ...loop, words: ['for'] });
    const body = node.childForFieldName('body');
    if (body) walk(body, outer);
  }

  function command(node: Node, outer: Node[]): void {
    const simple = emptyCommand();
    found.push(simple);
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
        if (word) simple.words.push(resolveWord(word, sink, 'name'));
      } else if (redirects.has(child.type)) {
        pending.push(child);
      } else {
        simple.words.push(resolveWord(child, sink));
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
  const redirect: ShellRedirect = { op, target: targets.map((target) => resolveWord(target, sink)).join(' ') };
  command.redirects.push(redirect);
}
