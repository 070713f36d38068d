import type { LayeredMessage } from './contextBuilder';
import { withImagePlaceholders } from '../images/imageText';

const layerTitles: Record<LayeredMessage['layer'], string> = {
  L1: 'L1 · system prompt and tools',
  L2: 'L2 · project rules',
  L3: 'L3 · history',
  input: 'Current user input',
  turn: 'This turn so far (full observations)',
  todo: 'Todo recap',
};

/** The exact request as a readable document, one section per layer, every message verbatim. */
export function renderContextDocument(layered: readonly LayeredMessage[], header: { model: string; at: string; estimatedTokens?: number }): string {
  const lines = [`# Context of the last request`, '', `Model: ${header.model} · sent ${header.at} · ${layered.length} messages`, ''];
  let current: string | undefined;
  layered.forEach(({ layer, message }, index) => {
    if (layer !== current) {
      current = layer;
      lines.push('', `════════ ${layerTitles[layer]} ════════`, '');
    }
    const calls = message.toolCalls?.length ? ` tool_calls=${JSON.stringify(message.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })))}` : '';
    const answers = message.toolCallId ? ` tool_call_id=${message.toolCallId}` : '';
    // An image is named, not dumped: its data URL would bury the document.
    lines.push(`──── [${index + 1}] ${message.role}${answers}${calls}`, withImagePlaceholders(message.content, message.images), '');
  });
  return lines.join('\n');
}
