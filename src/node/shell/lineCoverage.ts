import type { Node } from 'web-tree-sitter';

/** Leaves whose text bash reads as quoted: the only places a non-ASCII character may stand (spec §23). */
const quotedLeaves = new Set(['string_content', 'raw_string', 'heredoc_content', 'heredoc_body']);
/** What may stand before a `#` that starts a comment: bash starts one only at the beginning of a word. */
const wordBreak = /[ \t\n;&|()<>]/;

/**
 * Why the syntax tree may not be what bash runs, or undefined: every character of the line must lie in one of the
 * tree's leaves or be a blank bash also takes as one (space, tab, newline); a non-ASCII character must be quoted;
 * a comment must start where bash starts one. A byte tree-sitter skips is a byte bash may read as a command.
 */
export function coverageProblem(root: Node, line: string): string | undefined {
  const covered = new Uint8Array(line.length);
  let problem: string | undefined;
  const visit = (node: Node) => {
    if (problem) return;
    if (node.isMissing) {
      problem = `a missing ${node.type}`;
      return;
    }
    if (node.childCount === 0) {
      const { startIndex: start, endIndex: end } = node;
      covered.fill(1, start, end);
      if (!quotedLeaves.has(node.type) && /[^\x00-\x7F]/.test(line.slice(start, end))) problem = 'a character outside ASCII that is not quoted';
      // bash ends a word at an unescaped newline; the parser reads `x` newline `\\time` as the one word `x\n\\time`.
      if (!quotedLeaves.has(node.type) && node.type !== 'comment' && line.slice(start, end).replace(/\\\n/g, '').includes('\n') && node.type !== '\n') problem = 'a line break inside a word';
      if (node.type === 'comment' && start > 0 && !wordBreak.test(line[start - 1]!)) problem = 'a comment where bash would not start one';
      return;
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  if (problem) return problem;
  for (let i = 0; i < line.length; i++) {
    // A backslash before a newline joins two lines, for bash as for the parser (a CR before it asked already).
    if (!covered[i] && line[i] === '\\' && line[i + 1] === '\n') {
      i++;
      continue;
    }
    if (!covered[i] && !/[ \t\n]/.test(line[i]!)) return `a character the parser skipped (${JSON.stringify(line[i])} at ${i})`;
  }
  return undefined;
}
