import { estimateTokens } from '../history/tokenEstimate';
import type { HistoryMessage } from '../history/historyMessage';

/** One history message never takes more than this in the summary: a long Write or answer would crowd out the rest. */
const maxLineChars = 600;

/**
 * The context summary the host writes when the parent gave none (spec §7): the current request, then as many of
 * the latest records as fit in `maxTokens`, newest kept first, shown oldest first.
 */
export function defaultContextSummary(messages: readonly HistoryMessage[], maxTokens = 1500): string {
  let requestIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.kind === 'user') { requestIndex = i; break; }
  }
  // A huge request (an @file: context) may take at most half the budget, so some history always fits.
  const request = requestIndex >= 0 ? clipToTokens(messages[requestIndex]!.content.trim(), Math.floor(maxTokens / 2)) : '';
  const head = request ? `The user's current request:\n${request}` : '';
  let budget = maxTokens - estimateTokens(head);

  const kept: string[] = [];
  let omitted = false;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (i === requestIndex) continue;
    const line = describe(messages[i]!);
    const cost = estimateTokens(line) + 1;
    if (cost > budget) { omitted = true; break; }
    budget -= cost;
    kept.push(line);
  }
  if (kept.length === 0) return head;
  const recent = `Recent history, oldest first${omitted ? ' (earlier messages left out)' : ''}:\n${kept.reverse().join('\n')}`;
  return head ? `${head}\n\n${recent}` : recent;
}

function describe(message: HistoryMessage): string {
  switch (message.kind) {
    case 'user': return `User: ${oneLine(message.content)}`;
    case 'summary': return `Summary of earlier work: ${oneLine(message.content)}`;
    case 'toolResult': return `${message.toolName ?? 'Tool'} result: ${oneLine(unwrapToolResult(message.content))}`;
    case 'assistant': {
      const calls = message.toolCalls?.map((c) => `${c.name} ${c.arguments}`).join('; ');
      return `Assistant: ${oneLine([message.content.trim(), calls ? `[calls ${calls}]` : ''].filter(Boolean).join(' '))}`;
    }
  }
}

/** The xml protocol's `<tool_result …>` wrapper and the native `[status]` prefix say nothing the line label doesn't. */
function unwrapToolResult(content: string): string {
  return content.replace(/^<tool_result[^>]*>\s*/, '').replace(/\s*<\/tool_result>\s*$/, '').replace(/^\[(success|error|cancelled|rejected)\] /, '');
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maxLineChars ? `${flat.slice(0, maxLineChars)}…` : flat;
}

function clipToTokens(text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) return text;
  let end = text.length;
  while (end > 0 && estimateTokens(text.slice(0, end)) > maxTokens) end = Math.floor(end * 0.8);
  return `${text.slice(0, end)}\n… (request shortened)`;
}
