import type { ChatMessage } from '../ports/modelClient';

/**
 * Messages for a request in the xml protocol when some were recorded in native form (an earlier turn or model
 * spoke function calling, or `auto` fell back mid-turn): a request without `tools` may carry no tool calls or
 * tool messages, so each call becomes its XML in the assistant's text and each result a `<tool_result>` user message.
 */
export function asXmlMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  if (!messages.some((m) => m.toolCalls?.length || m.role === 'tool')) return [...messages];
  const names = new Map<string, string>();
  return messages.map((message) => {
    if (message.role === 'assistant' && message.toolCalls?.length) {
      for (const call of message.toolCalls) names.set(call.id, call.name);
      const calls = message.toolCalls.map((call) => xmlCall(call.name, call.arguments)).join('\n');
      const { toolCalls: _calls, ...rest } = message;
      return { ...rest, content: message.content ? `${message.content}\n${calls}` : calls };
    }
    if (message.role === 'tool') {
      const [, status = 'success', text = message.content] = /^\[(\w+)\] ([\s\S]*)$/.exec(message.content) ?? [];
      const tool = names.get(message.toolCallId ?? '') ?? 'tool';
      const { toolCallId: _id, ...rest } = message;
      return { ...rest, role: 'user', content: `<tool_result tool="${tool}" status="${status}">\n${text}\n</tool_result>` };
    }
    return message;
  });
}

function xmlCall(name: string, argumentsJson: string): string {
  let params: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    params = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {};
  } catch {
    return `<${name}>${argumentsJson}</${name}>`;
  }
  const inner = Object.entries(params).map(([key, value]) => `<${key}>${typeof value === 'string' ? value : JSON.stringify(value)}</${key}>`).join('\n');
  return `<${name}>\n${inner}\n</${name}>`;
}
