import { strict as assert } from 'node:assert';
import { ChangeRecorder } from '../../../../src/core/review/changeRecorder';
import { revertChange } from '../../../../src/core/review/revertChange';
import { changedOnSaveNote, saveDiff } from '../../../../src/core/tools/changedOnSave';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { EditData } from '../../../../src/core/tools/fileEdit';
import type { WriteData } from '../../../../src/core/tools/writeTool';
import { FormattingWorkspaceFs } from '../../../support/formattingWorkspaceFs';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const registry = createDefaultToolRegistry();
const ugly = '{"name":"demo",\n"version":  "1.0.0"}';
const pretty = '{\n  "name": "demo",\n  "version": "1.0.0"\n}\n';

describe('a write that a save participant changes (format on save)', () => {
  let ws: TempWorkspace;
  let h: Harness;
  let fs: FormattingWorkspaceFs;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'notes.txt': 'one\ntwo\n', 'config.json': '{}\n' });
    h = makeHarness(ws);
    fs = new FormattingWorkspaceFs(ws.root);
    h.ctx.fs = fs;
  });
  afterEach(() => ws.cleanup());

  function recorded() {
    const recorder = new ChangeRecorder('t1');
    for (const change of h.changes) recorder.record(change);
    return recorder.changes;
  }

  it('tells the model with a short diff, records the saved text as the change, and Revert works', async () => {
    await registry.invoke('Read', { path: 'config.json' }, h.ctx);
    const result = await registry.invoke('Write', { path: 'config.json', content: ugly }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(fs.formats, 1);
    assert.equal(await ws.read('config.json'), pretty);
    assert.match(result.text, /Note: the file was changed on save \(formatter/);
    assert.match(result.text, /^-"version": {2}"1\.0\.0"\}$/m);
    assert.match(result.text, /^\+ {2}"version": "1\.0\.0"$/m);
    assert.equal((result.data as WriteData).content, pretty, 'the result holds what is on disk');
    assert.equal((result.data as WriteData).changedOnSave, true);
    assert.match(registry.compress('Write', { path: 'config.json', content: ugly }, result), /"changedOnSave":true/);
    assert.equal(h.changes[0]!.after, pretty, 'the change record keeps the saved text');

    const [row] = recorded();
    const outcome = await revertChange(fs, row!);
    assert.deepEqual(outcome, { path: 'config.json', reverted: true, action: 'restored' });
    assert.equal(await ws.read('config.json'), '{}\n');
  });

  it('knows the saved file\'s mtime: the next Edit is not refused as stale', async () => {
    await registry.invoke('Read', { path: 'config.json' }, h.ctx);
    await registry.invoke('Write', { path: 'config.json', content: ugly }, h.ctx);
    const edit = await registry.invoke('Edit', { path: 'config.json', old_string: '"demo"', new_string: '"demo2"' }, h.ctx);
    assert.equal(edit.status, 'success', edit.text);
    assert.equal(await ws.read('config.json'), pretty.replace('"demo"', '"demo2"'));
  });

  it('an Edit whose result the formatter changes: the snippet and the note show the saved text', async () => {
    await registry.invoke('Read', { path: 'notes.txt' }, h.ctx);
    const result = await registry.invoke('Edit', { path: 'notes.txt', old_string: 'two', new_string: 'two   \nthree' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(await ws.read('notes.txt'), 'one\ntwo\nthree\n');
    assert.match(result.text, /Note: the file was changed on save/);
    assert.match(result.text, /^-two {3}$/m);
    assert.match((result.data as EditData).snippet, /2\s+two\n/);
    assert.equal((result.data as EditData).changedOnSave, true);
    assert.equal(h.changes[0]!.after, 'one\ntwo\nthree\n');
  });

  it('a write that lands as approved says nothing more', async () => {
    await registry.invoke('Read', { path: 'config.json' }, h.ctx);
    const result = await registry.invoke('Write', { path: 'config.json', content: pretty }, h.ctx);
    assert.equal(fs.formats, 0);
    assert.doesNotMatch(result.text, /changed on save/);
    assert.equal((result.data as WriteData).changedOnSave, undefined);
  });

  it('the user\'s edit and the formatter\'s are told apart', async () => {
    await registry.invoke('Read', { path: 'config.json' }, h.ctx);
    h.decide = () => ({ decision: 'accepted', finalContent: '{"name":"mine"}' });
    const result = await registry.invoke('Write', { path: 'config.json', content: ugly }, h.ctx);
    assert.match(result.text, /The user edited your proposal[\s\S]*\+\{"name":"mine"\}[\s\S]*Note: the file was changed on save/);
    assert.equal(await ws.read('config.json'), '{\n  "name": "mine"\n}\n');
  });
});

describe('changedOnSaveNote / saveDiff', () => {
  it('line endings only: no diff, named as such', () => {
    assert.match(changedOnSaveNote('a\nb\n', 'a\r\nb\r\n'), /line endings or byte order mark/);
    assert.equal(changedOnSaveNote('same', 'same'), '');
    assert.match(changedOnSaveNote('a  \nb', 'a\nb\n'), /^-b\n\\ No newline at end of file\n\+a\n\+b$/m, 'a final newline added shows as such');
  });

  it('keeps the diff to 20 lines', () => {
    const approved = Array.from({ length: 60 }, (_, i) => `line ${i} `).join('\n');
    const saved = Array.from({ length: 60 }, (_, i) => `line ${i}`).join('\n');
    const diff = saveDiff(approved, saved);
    const lines = diff.split('\n');
    assert.equal(lines.length, 21);
    assert.match(lines[20]!, /^… \(\d+ more diff lines\)$/);
  });
});
