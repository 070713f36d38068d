import type { MemoryStore } from '../ports/memoryStore';
import type { Settings } from '../settings';
import type { AnyToolDefinition } from '../tools/toolTypes';
import { ConversationMemory } from './conversationMemory';
import { createMemoryTool } from './memoryTool';

/** A conversation's memory (spec §21): the Memory tool over its store, and the L2 block read once per conversation. */
export interface SessionMemory {
  store: MemoryStore;
  tool: AnyToolDefinition;
  notes: ConversationMemory;
}

export function sessionMemory(store: MemoryStore, settings: () => Settings, onProblem?: (message: string) => void): SessionMemory {
  // `auto` may go to the Messages API (an Anthropic endpoint); the chat and Responses clients ignore the field.
  const claudeNative = () => {
    const { api, name } = settings().model;
    return (api === 'messages' || api === 'auto') && /claude/i.test(name);
  };
  return { store, tool: createMemoryTool(store, { claudeNative }) as AnyToolDefinition, notes: new ConversationMemory(store, onProblem) };
}
