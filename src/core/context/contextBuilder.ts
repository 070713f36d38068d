import type { ChatMessage, ImageAttachment } from '../ports/modelClient';

export interface ContextParts {
  /** L1: system prompt + tool prompts, a stable prefix. */
  system: string;
  /** L2: project rules; rebuilt every time, never stored in history. */
  rules: string;
  /** L3: history (user/assistant/tool messages and archived summaries). */
  history: readonly ChatMessage[];
  /** The current user input, preprocessed. */
  userInput: string;
  /** Images attached to the current input. */
  userImages?: readonly ImageAttachment[];
  /** This turn's steps with full observations. */
  scratchpad: readonly ChatMessage[];
  /** The todo recap, if any. */
  todoRecap: string;
}

export type ContextLayer = 'L1' | 'L2' | 'L3' | 'input' | 'turn' | 'todo';

export interface LayeredMessage {
  layer: ContextLayer;
  message: ChatMessage;
}

/** The request in the order of spec §2 (L1 → L2 → L3 → current input → this turn's steps → todo recap), each message tagged with its layer. */
export function buildLayeredContext(parts: ContextParts): LayeredMessage[] {
  const layered: LayeredMessage[] = [{ layer: 'L1', message: { role: 'system', content: parts.system } }];
  if (parts.rules.trim()) layered.push({ layer: 'L2', message: { role: 'system', content: parts.rules } });
  for (const message of parts.history) layered.push({ layer: 'L3', message });
  layered.push({ layer: 'input', message: parts.userImages?.length ? { role: 'user', content: parts.userInput, images: parts.userImages } : { role: 'user', content: parts.userInput } });
  for (const message of parts.scratchpad) layered.push({ layer: 'turn', message });
  if (parts.todoRecap.trim()) layered.push({ layer: 'todo', message: { role: 'user', content: `<system-reminder>\nCurrent todo list:\n${parts.todoRecap}\n</system-reminder>` } });
  return layered;
}

export function buildContext(parts: ContextParts): ChatMessage[] {
  return buildLayeredContext(parts).map((l) => l.message);
}
