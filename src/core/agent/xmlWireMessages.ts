import { parseArguments } from '../parser/nativeToolCallAssembler';
import type { ChatMessage } from '../ports/modelClient';
import { serializeXmlCall, xmlToolResult } from './turnMessages';

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
      return { ...rest, role: 'user', content: xmlToolResult(tool, status, text) };
    }
    return message;
  });
}

function xmlCall(name: string, argumentsJson: string): string {
  const parsed = parseArguments(argumentsJson);
  return parsed.complete ? serializeXmlCall(name, parsed.params) : `<${name}>${argumentsJson}</${name}>`;
}
