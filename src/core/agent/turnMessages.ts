import type { ToolCallEndEvent } from '../parser/parserEvents';
import { neutraliseOwnMarkup } from '../context/untrustedMarkup';
import type { ChatMessage, ImageAttachment, ProviderEcho } from '../ports/modelClient';

export type { WireProtocol } from '../model/toolProtocol';
import type { WireProtocol } from '../model/toolProtocol';

/** Long parameter values (a Write's whole file) stay in the scratchpad; history keeps only their head. */
const historyParamLimit = 2000;

/** A result is untrusted text (file contents, command output): it cannot close this wrapper or pose as our markup. */
export function toolResultMessage(protocol: WireProtocol, call: ToolCallEndEvent, status: string, content: string, images?: readonly ImageAttachment[]): ChatMessage {
  const safe = neutraliseOwnMarkup(content);
  const message: ChatMessage = protocol === 'native'
    ? { role: 'tool', toolCallId: call.callId, content: `[${status}] ${safe}` }
    : { role: 'user', content: `<tool_result tool="${attribute(call.name)}" status="${status}">\n${safe}\n</tool_result>` };
  // A tool message's images reach the wire in the user message after its run (images/wireImages).
  if (images?.length) message.images = images;
  return message;
}

function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The assistant message of one model step, full for the scratchpad or with long parameters elided for history,
 * with what its provider wants back (`echo`), whatever the protocol.
 */
export function assistantStepMessage(protocol: WireProtocol, text: string, calls: ToolCallEndEvent[], forHistory: boolean, echo?: ProviderEcho): ChatMessage {
  const message = stepMessage(protocol, text, calls, forHistory);
  if (echo) message.echo = echo;
  return message;
}

function stepMessage(protocol: WireProtocol, text: string, calls: ToolCallEndEvent[], forHistory: boolean): ChatMessage {
  if (protocol === 'native') {
    // A call with broken JSON stays in the message (as written) so its error result has a call to answer.
    const named = calls.filter((c) => c.name);
    return {
      role: 'assistant',
      content: text,
      toolCalls: named.length ? named.map((c) => ({ id: c.callId, name: c.name, arguments: c.complete ? JSON.stringify(forHistory ? elideParams(c.params) : c.params) : c.raw })) : undefined,
    };
  }
  if (!forHistory) return { role: 'assistant', content: text };
  let content = text;
  for (const call of calls) {
    if (!Object.values(call.params).some((v) => v.length > historyParamLimit)) continue;
    content = content.split(call.raw).join(serializeXmlCall(call.name, elideParams(call.params)));
  }
  return { role: 'assistant', content };
}

function elideParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v.length > historyParamLimit ? `${v.slice(0, historyParamLimit)}\n… [${v.length - historyParamLimit} more characters not kept in history]` : v]));
}

function serializeXmlCall(name: string, params: Record<string, string>): string {
  return `<${name}>\n${Object.entries(params).map(([k, v]) => `<${k}>${v}</${k}>`).join('\n')}\n</${name}>`;
}
