import { strict as assert } from 'node:assert';
import { languageTools } from '../../../../src/core/languageServices/languageTools';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { makeHarness, TempWorkspace, type Harness } from '../tools/toolTestKit';
import { FakeLanguageServices, VirtualClock, tsError } from './languageServicesKit';

const assignError = "Type 'string' is not assignable to type 'number'.";

describe('edits report the problems they newly bring (spec §13)', () => {
  let ws: TempWorkspace;
  let h: Harness;
  let services: FakeLanguageServices;
  let clock: VirtualClock;
  let registry: ToolRegistry;

  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'src/a.ts': 'export const n: number = 1;\nexport const s = n;\n', 'src/b.ts': 'import { n } from "./a";\nconst m: number = n;\n', 'notes.txt': 'hello\n' });
    h = makeHarness(ws);
    services = new FakeLanguageServices();
    clock = new VirtualClock();
    registry = createFullToolRegistry([], { language: languageTools(services, clock, () => 2000) });
    for (const path of ['src/a.ts', 'notes.txt']) await registry.invoke('Read', { path }, h.ctx);
  });
  afterEach(() => ws.cleanup());

  it('an Edit that breaks types ends with the new error of the file and of the broken caller, in the spec format', async () => {
    services.opened.add('src/a.ts');
    services.setProblems('src/a.ts', [tsError(5, 'An old problem.', '1000')]);
    // The server reports some time after the write: the edited file first, then its caller.
    services.onWatch = () => {
      if (h.changes.length === 0) return;
      clock.after(250, () => services.setProblems('src/a.ts', [tsError(9, 'An old problem.', '1000'), tsError(0, assignError)]));
      clock.after(500, () => services.setProblems('src/b.ts', [tsError(1, "Type 'string' is not assignable to type 'number'.")]));
    };
    const start = clock.now();
    const result = await registry.invoke('Edit', { path: 'src/a.ts', old_string: 'n: number = 1', new_string: 'n: number = "1"' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(clock.now() - start, 800, 'waited until 300 ms after the last change');
    assert.match(result.text, /\n\nNew problems after this edit:\nsrc\/a\.ts:1:3 error ts 2322: Type 'string' is not assignable to type 'number'\.\nsrc\/b\.ts:2:3 error ts 2322: Type 'string' is not assignable to type 'number'\.$/);
    assert.doesNotMatch(result.text, /An old problem/, 'a problem that only moved is not new');
    const record = JSON.parse(registry.compress('Edit', { path: 'src/a.ts', old_string: 'a', new_string: 'b' }, result));
    assert.deepEqual(record.data.newProblems, ["src/a.ts:1:3 error ts 2322: Type 'string' is not assignable to type 'number'.", "src/b.ts:2:3 error ts 2322: Type 'string' is not assignable to type 'number'."]);
    assert.equal(services.listenerCount, 0);
  });

  it('nothing is added when nothing new appears', async () => {
    services.onWatch = () => clock.after(100, () => services.setProblems('src/a.ts', []));
    const result = await registry.invoke('Edit', { path: 'src/a.ts', old_string: 'n: number = 1', new_string: 'n: number = 2' }, h.ctx);
    assert.equal(result.status, 'success');
    assert.doesNotMatch(result.text, /New problems/);
    assert.equal(JSON.parse(registry.compress('Edit', { path: 'src/a.ts', old_string: 'a', new_string: 'b' }, result)).data.newProblems, undefined);
  });

  it('a file no language server checks adds no waiting', async () => {
    const start = clock.now();
    const result = await registry.invoke('Write', { path: 'notes.txt', content: 'bye\n' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(clock.now() - start, 0);
  });

  it('a file that was not open gets its existing problems before the write, so they are not new', async () => {
    services.onWatch = (path) => {
      if (h.changes.length === 0) clock.after(200, () => services.setProblems(path, [tsError(1, 'Existing.', '1')]));
      else clock.after(200, () => services.setProblems(path, [tsError(1, 'Existing.', '1'), tsError(0, assignError)]));
    };
    const result = await registry.invoke('Edit', { path: 'src/a.ts', old_string: 'n: number = 1', new_string: 'n: number = "1"' }, h.ctx);
    assert.match(result.text, /New problems after this edit:\nsrc\/a\.ts:1:3 error ts 2322/);
    assert.doesNotMatch(result.text, /Existing/);
  });

  it('a server that answers only after the write (one still starting) does not make the file\'s old problems new', async () => {
    services.servedExtensions.delete('ts');
    services.onWatch = (path) => {
      if (h.changes.length === 0) return;
      services.servedExtensions.add('ts');
      clock.after(200, () => services.setProblems(path, [tsError(1, 'Existing.', '1')]));
    };
    const result = await registry.invoke('Edit', { path: 'src/a.ts', old_string: 'n: number = 1', new_string: 'n: number = 2' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.doesNotMatch(result.text, /New problems|Existing/);
  });

  it('more than 20 new problems: 20 lines then …and N more', async () => {
    services.onWatch = () => {
      if (h.changes.length) clock.after(100, () => services.setProblems('src/a.ts', Array.from({ length: 25 }, (_, i) => tsError(i, `Problem ${i}.`))));
    };
    const result = await registry.invoke('Edit', { path: 'src/a.ts', old_string: 'n: number = 1', new_string: 'n: number = 3' }, h.ctx);
    const lines = result.text.split('New problems after this edit:\n')[1]!.split('\n');
    assert.equal(lines.length, 21);
    assert.equal(lines[20], '…and 5 more');
  });

  it('a rejected edit reports nothing and leaves no listener behind', async () => {
    h.decide = () => ({ decision: 'rejected' });
    services.onWatch = () => clock.after(100, () => services.setProblems('src/a.ts', [tsError(0, assignError)]));
    const result = await registry.invoke('Edit', { path: 'src/a.ts', old_string: 'n: number = 1', new_string: 'n: number = "1"' }, h.ctx);
    assert.equal(result.error?.code, 'rejected');
    assert.doesNotMatch(result.text, /New problems/);
    assert.equal(services.listenerCount, 0);
  });
});
