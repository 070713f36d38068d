import { z } from 'zod';
import multiEditDoc from '../../../prompts/tools/multiEdit.md';
import { compressEdit, editFile } from './fileEdit';
import type { ToolDefinition } from './toolTypes';

const schema = z.object({
  path: z.string().min(1).describe('File path, relative to the workspace root'),
  edits: z
    .array(
      z.object({
        old_string: z.string().describe('Exact text to replace'),
        new_string: z.string().describe('The replacement text'),
        replace_all: z.boolean().optional().describe('Replace every occurrence'),
      }),
    )
    .min(1)
    .describe('Replacements applied in order, each to the result of the previous one; all or nothing'),
});
export type MultiEditParams = z.infer<typeof schema>;

export const multiEditTool: ToolDefinition<MultiEditParams> = {
  name: 'MultiEdit',
  kind: 'edit',
  schema,
  doc: multiEditDoc,
  paramNames: ['path', 'edits'],
  run: (params, ctx) => editFile(ctx, 'MultiEdit', params.path, params.edits),
  compress: (_params, result) => compressEdit(result),
};
