import type { Node } from 'web-tree-sitter';
import type { SimpleCommand } from '../../core/ports/shellParser';

/** What one simple command collects while its words are read, and where commands nested in them go. */
export interface WordSink {
  command: SimpleCommand;
  /** A command found inside `$(…)`, `<(…)` or backticks: judged as a sub-command of its own. */
  nested(statement: Node): void;
}

const substitutions = new Set(['command_substitution', 'process_substitution']);

/** Records what cannot be judged before the command runs (once each). */
export function note(target: WordSink | SimpleCommand, unknown: string): void {
  const command = 'command' in target ? target.command : target;
  if (!command.unknowns.includes(unknown)) command.unknowns.push(unknown);
}

/** Every `$(…)`, `<(…)` and backtick inside `node` (an expansion's default, a here-doc): its commands are judged too. */
export function collectSubstitutions(node: Node, sink: WordSink): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (substitutions.has(child.type)) substitution(child, sink);
    else collectSubstitutions(child, sink);
  }
}

function substitution(node: Node, sink: WordSink): void {
  note(sink, node.type === 'process_substitution' ? 'process substitution' : 'command substitution');
  for (const child of node.namedChildren) if (child) sink.nested(child);
}

/** `a\ b` → `a b`; a backslash-newline joins lines. */
function unescapeBare(text: string): string {
  return text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
}

/** Inside double quotes a backslash only escapes `$`, `` ` ``, `"`, `\` and a newline. */
function unescapeQuoted(text: string): string {
  return text.replace(/\\\n/g, '').replace(/\\([$`"\\])/g, '$1');
}

/** Unescaped `*`, `?` or `[…]`: the shell replaces the word with file names. */
const globChar = /(^|[^\\])(\\\\)*([*?]|\[[^\]]+\])/;
/** `{a,b}` or `{1..3}` unquoted: one word becomes several, which may be options. */
const braceExpansion = /(^|[^\\])\{[^}]*(,|\.\.)[^}]*\}/;

/** A concatenation of unquoted words only (`.e[n]v`, `a*b`): one word for bash, globs and all. */
export function plainConcatenation(node: Node): boolean {
  return node.type === 'concatenation' && node.children.every((child) => child?.type === 'word');
}

/** The word as the program will receive it; what only the shell knows (an expansion) is noted as unknown. */
export function resolveWord(node: Node, sink: WordSink, position: 'name' | 'argument' = 'argument'): string {
  switch (node.type) {
    case 'word': {
      const text = node.text;
      if (globChar.test(text)) sink.command.globs.push(text);
      if (braceExpansion.test(text)) note(sink, 'brace expansion');
      // zsh (a user's shell may be zsh) expands `=ls` to a path and takes glob qualifiers that run code.
      if (text.startsWith('=') || (globChar.test(text) && text.includes('('))) note(sink, 'a zsh expansion');
      return unescapeBare(text);
    }
    case 'number':
      return node.text;
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string':
    case 'translated_string':
      return node.namedChildren.map((child) => (child?.type === 'string_content' ? unescapeQuoted(child.text) : child ? resolveWord(child, sink, position) : '')).join('');
    case 'concatenation': {
      if (braceExpansion.test(node.text)) note(sink, 'brace expansion');
      // tree-sitter splits `.e[n]v` into five words: the glob is the whole, as bash reads it.
      if (plainConcatenation(node)) {
        if (globChar.test(node.text)) sink.command.globs.push(node.text);
        return unescapeBare(node.text);
      }
      if (node.namedChildren.some((child) => child?.type === 'word' && /[*?[]/.test(child.text))) note(sink, 'a glob joined to quoted text');
      return node.namedChildren.map((child) => (child ? resolveWord(child, sink, position) : '')).join('');
    }
    case 'simple_expansion':
    case 'expansion':
      note(sink, position === 'name' ? 'a variable as the command name' : 'variable expansion');
      collectSubstitutions(node, sink);
      return node.text;
    case 'command_substitution':
    case 'process_substitution':
      substitution(node, sink);
      return node.text;
    case 'ansi_c_string':
      note(sink, 'ANSI-C quoting');
      return node.text;
    case 'arithmetic_expansion':
      note(sink, 'arithmetic expansion');
      collectSubstitutions(node, sink);
      return node.text;
    default:
      note(sink, `unsupported syntax (${node.type})`);
      collectSubstitutions(node, sink);
      return node.text;
  }
}
