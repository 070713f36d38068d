// Reading what the scripted model server received: chat messages as plain text.
import type { RecordedRequest, ScriptedModelServer } from '../../fixtures/scriptedModelServer';

export interface PlainMessage {
  role: string;
  content: string;
}

/** The text of a chat message's content, whether a string or OpenAI content parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return '';
}

/** The chat-completion POSTs received so far, in order. */
export function chatPosts(model: ScriptedModelServer): RecordedRequest[] {
  return model.requests.filter((request) => request.method === 'POST' && /\/chat\/completions$/.test(request.path));
}

/** A request's messages with their content as plain text. */
export function messagesOf(request: RecordedRequest): PlainMessage[] {
  const messages: Array<{ role: string; content: unknown }> = Array.isArray(request.body?.messages) ? request.body.messages : [];
  return messages.map((message) => ({ role: message.role, content: contentText(message.content) }));
}

/** The last message of a request. */
export function lastMessage(request: RecordedRequest): PlainMessage {
  const messages = messagesOf(request);
  const last = messages[messages.length - 1];
  if (!last) throw new Error('the request has no messages');
  return last;
}

/** A short, readable dump of a request's messages for assertion messages. */
export function describeMessages(request: RecordedRequest, width = 120): string {
  return messagesOf(request)
    .map((m, i) => `  #${i} ${m.role}: ${JSON.stringify(m.content.length > width ? `${m.content.slice(0, width)}…` : m.content)}`)
    .join('\n');
}
