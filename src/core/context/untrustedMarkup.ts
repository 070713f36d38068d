/**
 * File contents, command output and any other tool result are untrusted: a prompt-injected file may
 * contain text shaped like CodeAgent's own markup (a `<system-reminder>`, a closing `</tool_result>`
 * followed by a fake result, a `<Context>` block, a tool call such as `<Bash>`) hoping the model takes it
 * for ours. Before such text reaches the model, the `<` of every one of those tags is written `&lt;`:
 * the text stays readable, and nothing inside a result can open or close our markup.
 */
const ownTags = [
  // Framing CodeAgent writes around what it sends (mentions, results, @file: context, thinking).
  'system-reminder', 'tool_result', 'tool_use', 'function_results', 'function_calls', 'thinking', 'Context', 'File', 'Warning', 'Note',
  // Spec §21: the fence of the memory notes in L2.
  'memory-notes',
  // Spec §3/§4: the xml protocol's tool calls.
  'Read', 'Write', 'Edit', 'MultiEdit', 'LS', 'Glob', 'Grep', 'Bash', 'TodoWrite', 'Task', 'PlanTask', 'UpdateTaskStatus', 'AskUser', 'AttemptCompletion',
  'WebFetch', 'WebSearch', 'Memory',
];
/** Names models read as authority whatever their case; tool names only as CodeAgent spells them. */
const caseless = ['system-reminder', 'tool_result', 'tool_use', 'function_results', 'function_calls'];

const anyCase = (word: string) => [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('');
const tagName = `(?:${ownTags.filter((t) => !caseless.includes(t)).join('|')}|mcp__[A-Za-z0-9_-]+|${caseless.map(anyCase).join('|')})`;
// `<`, optional `/` and spaces, one of our names, then the end of the name (not `<Reader>` or `<File.txt`).
const ownTag = new RegExp(`<(?=\\s*/?\\s*${tagName}(?![A-Za-z0-9_.-]))`, 'g');
const escapedOwnTag = new RegExp(`&lt;(?=\\s*/?\\s*${tagName}(?![A-Za-z0-9_.-]))`, 'g');

export function neutraliseOwnMarkup(text: string): string {
  return text.replace(ownTag, '&lt;');
}

/** The inverse, for an edit whose old_string the model copied from a neutralised Read. */
export function restoreOwnMarkup(text: string): string {
  return text.replace(escapedOwnTag, '<');
}

export function containsNeutralisedMarkup(text: string): boolean {
  escapedOwnTag.lastIndex = 0;
  return escapedOwnTag.test(text);
}
