import { z } from 'zod';
import memoryDoc from '../../../prompts/tools/memory.md';
import type { ToolSpec } from '../ports/modelClient';
import type { MemoryStore } from '../ports/memoryStore';
import { dataOf, headLines, historyRecord } from '../tools/historyRecord';
import { success } from '../tools/toolResults';
import type { ToolDefinition } from '../tools/toolTypes';
import type { MemoryChange } from './memoryChange';
import { runMemoryCommand, type MemoryParams } from './memoryCommands';

export const memoryToolName = 'Memory';
/** Spec §21: Claude is trained on Anthropic's memory tool; on the Messages API it is declared as that type. */
export const anthropicMemoryTool: NonNullable<ToolSpec['anthropicNative']> = { type: 'memory_20250818', name: 'memory' };
/** How much of what a write wrote the history keeps (spec §4). */
const historyLines = 20;

const schema = z.object({
  command: z.enum(['view', 'create', 'str_replace', 'insert', 'delete', 'rename']).describe('What to do'),
  path: z.string().optional().describe('A path under /memories/user/ or /memories/project/'),
  file_text: z.string().optional().describe('create: the whole content of the file'),
  old_str: z.string().optional().describe('str_replace: the text to replace, appearing exactly once'),
  new_str: z.string().optional().describe('str_replace: the replacement'),
  insert_line: z.number().int().optional().describe('insert: the line after which to insert (0: at the top)'),
  insert_text: z.string().optional().describe('insert: the text to insert'),
  old_path: z.string().optional().describe('rename: the file or folder to move'),
  new_path: z.string().optional().describe('rename: where it goes'),
  view_range: z.array(z.number().int()).optional().describe('view: [first, last] line numbers, last -1 for the end'),
});

export interface MemoryData {
  command: MemoryParams['command'];
  path: string;
  /** A write's diff and undo steps (the card's `Undo`). */
  change?: MemoryChange;
}

export interface MemoryToolOptions {
  /** True when this request goes to a Claude model on the Messages API (coordination: anthropicNative). */
  claudeNative?: () => boolean;
}

/** Spec §21: the Memory tool over `store`. A write is not asked; the card shows its diff with `Undo`. */
export function createMemoryTool(store: MemoryStore, options: MemoryToolOptions = {}): ToolDefinition<MemoryParams> {
  return {
    name: memoryToolName,
    kind: 'edit',
    schema,
    doc: memoryDoc,
    paramNames: ['command', 'path', 'file_text', 'old_str', 'new_str', 'insert_line', 'insert_text', 'old_path', 'new_path', 'view_range'],
    anthropicNative: () => (options.claudeNative?.() ? anthropicMemoryTool : undefined),

    async run(params) {
      const outcome = await runMemoryCommand(store, params);
      const data: MemoryData = { command: params.command, path: pathOf(params), ...(outcome.change ? { change: outcome.change } : {}) };
      return success(data, outcome.text);
    },

    compress(params, result) {
      const data = dataOf<MemoryData>(result);
      const written = params.file_text ?? params.new_str ?? params.insert_text;
      return historyRecord(result, {
        command: params.command,
        path: pathOf(params),
        ...(result.status === 'success' && written !== undefined ? { written: headLines(written, historyLines) } : {}),
        ...(data.command === 'view' && result.status === 'success' ? { viewed: true } : {}),
      });
    },
  };
}

function pathOf(params: MemoryParams): string {
  return params.command === 'rename' ? `${params.old_path ?? ''} → ${params.new_path ?? ''}` : (params.path ?? '');
}
