import { strict as assert } from 'node:assert';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const registry = createDefaultToolRegistry();
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

/** Seed 001 §C1: keep status, compressed data and the full error; drop the observation text. */
describe('history records (compress)', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'big.txt': numbered(800) });
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  const record = async (name: string, params: Record<string, unknown>) => {
    const result = await registry.invoke(name, params, h.ctx);
    return { result, record: JSON.parse(registry.compress(name, params, result)) };
  };

  it('Read keeps the numbered slice (≤ 500 lines) and its range', async () => {
    const { record: r } = await record('Read', { path: 'big.txt', offset: 101 });
    assert.deepEqual(Object.keys(r), ['status', 'data']);
    assert.equal(r.data.path, 'big.txt');
    assert.equal(r.data.lines, '101-600 of 800');
    const lines = r.data.content.split('\n');
    assert.equal(lines.length, 500);
    assert.equal(lines[0], '   101\tline 101');
    assert.equal(r.data.note, undefined);
  });

  it('Write keeps file, created/overwritten and the first 40 lines', async () => {
    const { record: r } = await record('Write', { path: 'new.txt', content: numbered(100) });
    assert.equal(r.data.action, 'created');
    assert.equal(r.data.lines, 100);
    const head = r.data.head.split('\n');
    assert.equal(head.length, 41);
    assert.equal(head[39], '    40\tline 40');
    assert.equal(head[40], '… (60 more lines)');
    assert.equal(r.data.content, undefined);
  });

  it('Edit keeps file, changed range and a snippet of at most 50 lines, not the diff', async () => {
    await registry.invoke('Read', { path: 'big.txt' }, h.ctx);
    const { record: r } = await record('Edit', { path: 'big.txt', old_string: 'line 10\n', new_string: numbered(80).replace(/line/g, 'new') });
    assert.equal(r.data.path, 'big.txt');
    assert.equal(r.data.changedLines, '10-89');
    assert.ok(r.data.snippet.split('\n').length <= 51);
    assert.match(r.data.snippet, /… \(\d+ more lines\)$/);
    assert.equal(r.data.diff, undefined);
  });

  it('MultiEdit with distant changes keeps each region in the snippet', async () => {
    await registry.invoke('Read', { path: 'big.txt' }, h.ctx);
    const edits = [
      { old_string: 'line 5\n', new_string: 'five\n' },
      { old_string: 'line 700\n', new_string: 'seven hundred\n' },
    ];
    const { record: r } = await record('MultiEdit', { path: 'big.txt', edits });
    assert.equal(r.data.changedLines, '5-700');
    assert.match(r.data.snippet, /     5\tfive[\s\S]*\n…\n[\s\S]*   700\tseven hundred/);
  });

  it('errors keep the full code and message and nothing else', async () => {
    const { result, record: r } = await record('Read', { path: 'missing.txt' });
    assert.deepEqual(r, { status: 'error', error: { code: 'file_not_found', message: result.error!.message } });
  });

  it('a rejection keeps the feedback', async () => {
    h.decide = () => ({ decision: 'rejected', feedback: 'not now' });
    const { record: r } = await record('Write', { path: 'x.txt', content: 'x' });
    assert.equal(r.error.code, 'rejected');
    assert.match(r.error.message, /User feedback: not now/);
    assert.deepEqual(r.data, { path: 'x.txt', feedback: 'not now' });
  });
});
