import type { HistoryMessage } from './historyMessage';
import type { SummaryRange } from './historyCompactor';
import { withImagePlaceholders } from '../images/imageText';

/** A summary needs what was done and decided, not whole file slices: longer tool results keep only their head. */
const toolResultCharLimit = 2000;

/** The user message of the summary request: the segment's time span, then the segment as a tagged transcript. */
export function renderSummaryInput(segment: readonly HistoryMessage[], range: SummaryRange): string {
  const lines = [
    `Start Time: ${new Date(range.fromTime).toISOString()}`,
    `Cutoff Time: ${new Date(range.toTime).toISOString()}`,
    `Messages: ${range.messageCount}`,
    '',
    '<transcript>',
    ...segment.map(renderMessage),
    '</transcript>',
  ];
  return lines.join('\n');
}

function renderMessage(message: HistoryMessage): string {
  switch (message.kind) {
    case 'user':
      // An image's data never reaches the summary: its placeholder does (spec §16).
      return `[user] ${withImagePlaceholders(message.content, message.images)}\n`;
    case 'assistant': {
      const calls = (message.toolCalls ?? []).map((call) => `\nTool call: ${call.name} ${call.arguments}`).join('');
      return `[assistant] ${message.content}${calls}\n`;
    }
    case 'toolResult':
      return `[tool ${message.toolName ?? 'result'}] ${withImagePlaceholders(clip(message.content, toolResultCharLimit), message.images)}\n`;
    case 'summary':
      return `[earlier summary] ${message.content}\n`;
  }
}

function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n… [${text.length - limit} more characters omitted]`;
}
