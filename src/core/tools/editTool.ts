import { z } from 'zod';
import editDoc from '../../../prompts/tools/edit.md';
import { compressEdit, editFile } from './fileEdit';
import type { ToolDefinition } from './toolTypes';

const schema = z.object({
  path: z.string().min(1).describe('File path, relative to the workspace root'),
  old_string: z.string().describe('Exact text to replace; must match exactly one place unless replace_all is true'),
  new_string: z.string().describe('The replacement text'),
  replace_all: z.boolean().optional().describe('Replace every occurrence of old_string'),
});
export type EditParams = z.infer<typeof schema>;

export const editTool: ToolDefinition<EditParams> = {
  name: 'Edit',
  kind: 'edit',
  schema,
  doc: editDoc,
  paramNames: ['path', 'old_string', 'new_string', 'replace_all'],
  run: (params, ctx) => editFile(ctx, 'Edit', params.path, [params]),
  compress: (_params, result) => compressEdit(result),
};
