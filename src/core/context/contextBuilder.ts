import type { ChatMessage } from '../ports/modelClient';

export interface ContextParts {
  /** L1: system prompt + tool prompts, a stable prefix. */
  system: string;
  /** L2: project rules; rebuilt every time, never stored in history. */
  rules: string;
  /** L3: history (user/assistant/tool messages and archived summaries). */
  history: readonly ChatMessage[];
  /** The current user input, preprocessed. */
  userInput: string;
  /** This turn's steps with full observations. */
  scratchpad: readonly ChatMessage[];
  /** The todo recap, if any. */
  todoRecap: string;
}

/** Assembles a request in the order of spec §2: L1 → L2 → L3 → current input → (this turn's steps) → todo recap. */
export function buildContext(parts: ContextParts): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: parts.system }];
  if (parts.rules.trim()) messages.push({ role: 'system', content: parts.rules });
  messages.push(...parts.history, { role: 'user', content: parts.userInput }, ...parts.scratchpad);
  if (parts.todoRecap.trim()) messages.push({ role: 'user', content: `<system-reminder>\nCurrent todo list:\n${parts.todoRecap}\n</system-reminder>` });
  return messages;
}
