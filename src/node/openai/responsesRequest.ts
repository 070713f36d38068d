import type { ResponseCreateParamsStreaming, ResponseInputItem, ResponseInputContent } from 'openai/resources/responses/responses';
import type { ChatMessage, ModelRequest } from '../../core/ports/modelClient';
import { carryToolImages } from '../../core/images/wireImages';
import { responsesReasoning } from './reasoningEffort';

/**
 * A ModelRequest as a stateless Responses API request (`store: false`): the whole conversation goes as `input`
 * every time, and the reasoning items this producer streamed go back encrypted, verbatim, before their calls.
 */
export function responsesParams(request: ModelRequest, producer: string): ResponseCreateParamsStreaming {
  const messages = carryToolImages(request.messages);
  // The leading system messages are the instructions; a later one stays where it is, as a developer message.
  const leading = messages.findIndex((m) => m.role !== 'system');
  const head = leading === -1 ? messages : messages.slice(0, leading);
  const params: ResponseCreateParamsStreaming = {
    model: request.model,
    input: messages.slice(head.length).flatMap((m) => inputItems(m, producer)),
    stream: true,
    store: false,
    include: ['reasoning.encrypted_content'],
  };
  if (head.length) params.instructions = head.map((m) => m.content).join('\n\n');
  if (request.cacheKey) params.prompt_cache_key = request.cacheKey;
  if (request.maxOutputTokens) params.max_output_tokens = request.maxOutputTokens;
  if (request.tools?.length) {
    params.tools = request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters, strict: false }));
  }
  const reasoning = responsesReasoning(request.reasoningEffort);
  if (reasoning) params.reasoning = reasoning;
  return params;
}

function inputItems(message: ChatMessage, producer: string): ResponseInputItem[] {
  switch (message.role) {
    case 'system':
      return [{ type: 'message', role: 'developer', content: message.content }];
    case 'user':
      return [{ type: 'message', role: 'user', content: userContent(message) }];
    case 'tool':
      return [{ type: 'function_call_output', call_id: message.toolCallId ?? '', output: message.content }];
    case 'assistant': {
      // Another API's or model's items mean nothing here, and OpenAI rejects reasoning it did not encrypt for this model.
      const echoed = message.echo?.producer === producer ? ((message.echo.items ?? []) as ResponseInputItem[]) : [];
      const text: ResponseInputItem[] = message.content ? [{ type: 'message', role: 'assistant', content: message.content }] : [];
      const calls: ResponseInputItem[] = (message.toolCalls ?? []).map((c) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments }));
      return [...echoed, ...text, ...calls];
    }
  }
}

function userContent(message: ChatMessage): ResponseInputContent[] {
  const parts: ResponseInputContent[] = message.content ? [{ type: 'input_text', text: message.content }] : [];
  for (const image of message.images ?? []) parts.push({ type: 'input_image', image_url: image.dataUrl, detail: 'auto' });
  return parts.length ? parts : [{ type: 'input_text', text: '' }];
}
