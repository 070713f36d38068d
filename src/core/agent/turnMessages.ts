import type { ToolCallEndEvent } from '../parser/parserEvents';
import { neutraliseOwnMarkup } from '../context/untrustedMarkup';
import type { ChatMessage, ImageAttachment, NativeToolCall, ProviderEcho } from '../ports/modelClient';

export type { WireProtocol } from '../model/toolProtocol';
import type { WireProtocol } from '../model/toolProtocol';

/** Long parameter values (a Write's whole file) stay in the scratchpad; history keeps only their head. */
const historyParamLimit = 2000;

/** A result is untrusted text (file contents, command output): it cannot close this wrapper or pose as our markup. */
export function toolResultMessage(protocol: WireProtocol, call: ToolCallEndEvent, status: string, content: string, images?: readonly ImageAttachment[]): ChatMessage {
  const safe = neutraliseOwnMarkup(content);
  const message: ChatMessage = protocol === 'native'
    ? { role: 'tool', toolCallId: call.callId, content: `[${status}] ${safe}` }
    : { role: 'user', content: xmlToolResult(call.name, status, safe) };
  // A tool message's images reach the wire in the user message after its run (images/wireImages).
  if (images?.length) message.images = images;
  return message;
}

/** A result as the xml protocol carries it; `safe` is already neutralised. */
export function xmlToolResult(tool: string, status: string, safe: string): string {
  return `<tool_result tool="${attribute(tool)}" status="${status}">\n${safe}\n</tool_result>`;
}

function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The assistant message of one model step, full for the scratchpad or with long parameters elided for history.
 * `echo` (reasoning, signatures) stays on it in both: it goes back to its provider in every later request (spec §3).
 */
export function assistantStepMessage(protocol: WireProtocol, text: string, calls: ToolCallEndEvent[], forHistory: boolean, echo?: ProviderEcho): ChatMessage {
  const message = assistantMessage(protocol, text, calls, forHistory);
  if (echo) message.echo = echo;
  return message;
}

function assistantMessage(protocol: WireProtocol, text: string, calls: ToolCallEndEvent[], forHistory: boolean): ChatMessage {
  if (protocol === 'native') {
    // A call with broken JSON stays in the message (as written) so its error result has a call to answer.
    const named = calls.filter((c) => c.name);
    return { role: 'assistant', content: text, toolCalls: named.length ? named.map((c) => nativeCall(c, forHistory)) : undefined };
  }
  if (!forHistory) return { role: 'assistant', content: text };
  let content = text;
  for (const call of calls) {
    if (!Object.values(call.params).some((v) => v.length > historyParamLimit)) continue;
    content = content.split(call.raw).join(serializeXmlCall(call.name, elideParams(call.params)));
  }
  return { role: 'assistant', content };
}

function nativeCall(call: ToolCallEndEvent, forHistory: boolean): NativeToolCall {
  const native: NativeToolCall = { id: call.callId, name: call.name, arguments: call.complete ? JSON.stringify(forHistory ? elideParams(call.params) : call.params) : call.raw };
  if (call.extra) native.extra = call.extra;
  return native;
}

function elideParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v.length > historyParamLimit ? `${v.slice(0, historyParamLimit)}\n… [${v.length - historyParamLimit} more characters not kept in history]` : v]));
}

export function serializeXmlCall(name: string, params: Record<string, string>): string {
  return `<${name}>\n${Object.entries(params).map(([k, v]) => `<${k}>${v}</${k}>`).join('\n')}\n</${name}>`;
}
