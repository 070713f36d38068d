import type { MemoryScope, MemoryStore } from '../ports/memoryStore';
import { renderMemoryBlock } from './memoryBlock';
import { indexFile } from './memoryPaths';

/**
 * One conversation's memory block (spec §21): read when the conversation starts and again only after a compaction,
 * so every request of the conversation carries the same L2 bytes, a memory write in between included (the prompt
 * prefix stays cached). The model sees its own writes in the tool results.
 */
export class ConversationMemory {
  private block: Promise<string> | undefined;

  constructor(private readonly store: MemoryStore, private readonly onProblem?: (message: string) => void) {}

  /** The L2 section; '' when both indexes are empty. */
  text(): Promise<string> {
    this.block ??= this.read();
    return this.block;
  }

  /** History was compacted: the next request's prefix changes anyway, so the block is read afresh. */
  refresh(): void {
    this.block = undefined;
  }

  private async read(): Promise<string> {
    const indexes: Partial<Record<MemoryScope, string>> = {};
    for (const scope of ['user', 'project'] as const) {
      try {
        indexes[scope] = await this.store.read(scope, indexFile);
      } catch (error) {
        // An unreadable index (a link out of the folder, a permission) leaves that memory out, said once.
        this.onProblem?.(`Memory: the ${scope} index was not read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return renderMemoryBlock(indexes);
  }
}
