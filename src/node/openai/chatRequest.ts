import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage, ModelRequest } from '../../core/ports/modelClient';
import { carryToolImages, userContentParts } from '../../core/images/wireImages';
import { withCacheMarks } from './cacheMarks';
import { echoProducer } from './echoAccumulator';
import { forMistral } from './mistralWire';
import { chatEffortParams } from './reasoningEffort';
import { providerDialect, type ProviderDialect } from './providerDialect';

/** Google's documented value for a call it did not sign (another model's, or one written before the switch). */
export const skipSignature = 'skip_thought_signature_validator';

/** A Chat Completions request as the target provider requires it: its own echoes back, its placeholders, its id rules. */
export function chatParams(baseUrl: string, request: ModelRequest): ChatCompletionCreateParamsStreaming {
  const producer = echoProducer('chat', baseUrl, request.model);
  const dialect = providerDialect(baseUrl, request.model);
  const messages = carryToolImages(request.messages).map((message) => sdkMessage(message, producer, dialect));
  const params: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages: withCacheMarks(request.model, dialect.mistralIds ? forMistral(messages) : messages),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.maxOutputTokens) params.max_tokens = request.maxOutputTokens;
  Object.assign(params, chatEffortParams(baseUrl, request.model, request.reasoningEffort));
  if (request.tools?.length) {
    params.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
  }
  return params;
}

function sdkMessage(message: ChatMessage, producer: string, dialect: ProviderDialect): ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', content: message.content, tool_call_id: message.toolCallId ?? '' };
    case 'assistant':
      return assistantMessage(message, message.echo?.producer === producer, dialect);
    case 'user':
      return message.images?.length ? { role: 'user', content: userContentParts(message) } : { role: 'user', content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
}

/**
 * An assistant message with what its own provider streamed beside it (reasoning fields on the message, `extra_content`
 * on each call); a message from another model or endpoint goes without them, with the target's placeholders instead.
 */
function assistantMessage(message: ChatMessage, own: boolean, dialect: ProviderDialect): ChatCompletionMessageParam {
  const calls = message.toolCalls ?? [];
  const wire: Record<string, unknown> = calls.length
    ? { role: 'assistant', content: message.content || null, tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments }, ...(own ? c.extra : undefined) })) }
    : { role: 'assistant', content: message.content };
  if (own) Object.assign(wire, message.echo?.fields);
  if (dialect.reasoningOnEveryAssistant && typeof wire.reasoning_content !== 'string') wire.reasoning_content = '';
  if (dialect.reasoningOnToolCalls && calls.length && !(typeof wire.reasoning_content === 'string' && wire.reasoning_content)) wire.reasoning_content = ' ';
  if (dialect.signsToolCalls && calls.length) signFirstCall(wire, dialect);
  return wire as unknown as ChatCompletionMessageParam;
}

/** Gemini validates the first call of each step: one without its own signature gets the documented skip value. */
function signFirstCall(wire: Record<string, unknown>, dialect: ProviderDialect): void {
  const [first] = wire.tool_calls as Record<string, unknown>[];
  if (!first) return;
  if (dialect.viaOpenRouter) {
    if (!Array.isArray(wire.reasoning_details) || wire.reasoning_details.length === 0) {
      wire.reasoning_details = [{ type: 'reasoning.encrypted', data: skipSignature, id: first.id, format: 'google-gemini-v1', index: 0 }];
    }
    return;
  }
  const google = (first.extra_content as { google?: { thought_signature?: unknown } } | undefined)?.google;
  if (typeof google?.thought_signature === 'string' && google.thought_signature) return;
  first.extra_content = { ...(first.extra_content as object | undefined), google: { ...google, thought_signature: skipSignature } };
}
