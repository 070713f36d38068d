import { strict as assert } from 'node:assert';
import { z } from 'zod';
import { createDefaultToolRegistry, defaultTools } from '../../../../src/core/tools/defaultTools';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { success } from '../../../../src/core/tools/toolResults';
import type { ToolDefinition } from '../../../../src/core/tools/toolTypes';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const probe: ToolDefinition<{ n: number; flag?: boolean; tags?: string[] }> = {
  name: 'Probe',
  kind: 'read',
  schema: z.object({ n: z.number().int(), flag: z.boolean().optional(), tags: z.array(z.string()).optional() }),
  doc: '## Probe',
  paramNames: ['n', 'flag', 'tags'],
  async run(params) {
    if (params.n === 13) throw new Error('unlucky');
    if (params.n === 2) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    return success(params, JSON.stringify(params));
  },
  compress: () => {
    throw new Error('compressor bug');
  },
};

describe('ToolRegistry', () => {
  let ws: TempWorkspace;
  let h: Harness;
  const registry = new ToolRegistry([...defaultTools, probe]);
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  it('lists, gets (case-insensitively) and filters tools', () => {
    const defaults = createDefaultToolRegistry();
    assert.deepEqual(defaults.names(), ['Read', 'Write', 'Edit', 'MultiEdit', 'LS', 'Glob', 'Grep', 'Bash', 'TodoWrite', 'AskUser', 'AttemptCompletion']);
    assert.equal(defaults.get('read')?.name, 'Read');
    assert.equal(defaults.get('Nope'), undefined);
    assert.deepEqual(defaults.filter((t) => t.kind === 'read').names(), ['Read', 'LS', 'Glob', 'Grep']);
    assert.throws(() => new ToolRegistry([probe, probe]), /Duplicate tool name Probe/);
  });

  it('answers an unknown tool with an error result listing the available tools', async () => {
    const result = await registry.invoke('Delete', { path: 'x' }, h.ctx);
    assert.equal(result.status, 'error');
    assert.equal(result.error?.code, 'unknown_tool');
    assert.match(result.error!.message, /^Unknown tool 'Delete'\. Available tools: Read, Write, Edit, .*Probe\.$/);
    assert.equal(registry.compress('Delete', {}, result), JSON.stringify({ status: 'error', error: result.error }));
  });

  it('answers invalid parameters with one readable line per issue and the expected signature', async () => {
    const result = await registry.invoke('Edit', { path: 42, new_string: 'x', replace_all: 'perhaps' }, h.ctx);
    assert.equal(result.error?.code, 'invalid_params');
    assert.equal(
      result.error!.message,
      [
        'Invalid parameters for Edit:',
        '- path: expected string, received number',
        '- old_string: is required',
        '- replace_all: expected boolean, received string',
        'Edit takes: path, old_string, new_string, replace_all (optional). See its description for the format.',
      ].join('\n'),
    );
  });

  it('coerces XML string parameters to numbers, booleans and lists', async () => {
    const result = await registry.invoke('Probe', { n: ' 7 ', flag: 'false', tags: '["a","b"]' }, h.ctx);
    assert.deepEqual(result.data, { n: 7, flag: false, tags: ['a', 'b'] });
    const empty = await registry.invoke('Probe', { n: '3', flag: '' }, h.ctx);
    assert.deepEqual(empty.data, { n: 3 }, 'an empty optional tag counts as absent');
    const bad = await registry.invoke('Probe', { n: 'seven' }, h.ctx);
    assert.match(bad.error!.message, /- n: expected number, received string/);
  });

  it('accepts native JSON argument text and reports broken JSON', async () => {
    assert.deepEqual((await registry.invoke('Probe', '{"n": 5}', h.ctx)).data, { n: 5 });
    const broken = await registry.invoke('Probe', '{"n": ', h.ctx);
    assert.equal(broken.error?.code, 'invalid_params');
    assert.match(broken.error!.message, /not valid JSON/);
    assert.equal((await registry.invoke('Probe', '[1]', h.ctx)).error?.code, 'invalid_params');
  });

  it('turns resolver exceptions into error results instead of throwing', async () => {
    assert.deepEqual((await registry.invoke('Probe', { n: 13 }, h.ctx)).error, { code: 'tool_failed', message: 'unlucky' });
    assert.equal((await registry.invoke('Probe', { n: 2 }, h.ctx)).error?.code, 'permission_denied');
  });

  it('does not start a tool once the turn is cancelled', async () => {
    h.controller.abort();
    assert.equal((await registry.invoke('Probe', { n: 1 }, h.ctx)).error?.code, 'cancelled');
  });

  it('still writes a history record when a compressor fails', () => {
    const record = registry.compress('Probe', { n: 1 }, success({ n: 1 }, 'full text'));
    assert.equal(record, '{"status":"success"}');
  });

  it('declares every default tool for native function calling', () => {
    const specs = createDefaultToolRegistry().toolSpecs();
    const edit = specs.find((s) => s.name === 'Edit')!;
    assert.deepEqual(edit.parameters.required, ['path', 'old_string', 'new_string']);
    assert.equal((edit.parameters.properties as Record<string, { type: string }>).replace_all!.type, 'boolean');
    assert.equal(edit.parameters.$schema, undefined);
    assert.ok(edit.description.startsWith('Replace an exact piece of text'));
    assert.ok(!edit.description.includes('<Edit>'), 'no XML example in native descriptions');
    assert.match(edit.description, /- replace_all \(optional\)/);
  });

  for (const tool of defaultTools) {
    it(`${tool.name}: doc, example and paramNames agree with the schema`, () => {
      const shape = (tool.schema.def as unknown as { shape: Record<string, unknown> }).shape;
      assert.deepEqual([...tool.paramNames].sort(), Object.keys(shape).sort());
      assert.ok(tool.doc.startsWith(`## ${tool.name}\n`));
      for (const param of tool.paramNames) assert.ok(tool.doc.includes(`- ${param} (`), `${tool.name} documents ${param}`);
      assert.match(tool.doc, new RegExp(`Example(?: \\([^\\n]*\\))?:\\n<${tool.name}>\\n[\\s\\S]*\\n</${tool.name}>\\n$`));
    });
  }
});
