import { strict as assert } from 'node:assert';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import type { EditData } from '../../../../src/core/tools/fileEdit';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const registry = createDefaultToolRegistry();
const source = ['function add(a, b) {', '  return a + b;', '}', '', 'function sub(a, b) {', '  return a - b;', '}', ''].join('\n');

describe('Edit', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'math.js': source, 'dup.txt': 'x = 1\ny = 2\nx = 1\nz = 3\nx = 1\n', 'dos.txt': 'alpha\r\nbeta\r\n' });
    h = makeHarness(ws);
    for (const path of ['math.js', 'dup.txt', 'dos.txt']) await registry.invoke('Read', { path }, h.ctx);
  });
  afterEach(() => ws.cleanup());

  it('replaces a unique old_string and reports the changed lines with a snippet', async () => {
    const result = await registry.invoke('Edit', { path: 'math.js', old_string: '  return a - b;', new_string: '  // difference\n  return a - b;' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(await ws.read('math.js'), source.replace('  return a - b;', '  // difference\n  return a - b;'));
    const data = result.data as EditData;
    assert.deepEqual([data.startLine, data.endLine, data.replacements], [6, 6, 1]);
    assert.match(result.text, /^Edited math\.js: 1 replacement, line 6 changed\. The file now reads:\n/);
    assert.ok(result.text.includes('     6\t  // difference'));
    assert.equal(h.approvals[0]?.kind, 'edit');
    assert.equal((h.approvals[0] as { before?: string }).before, source);
    assert.match(data.diff, /\+  \/\/ difference/);
    const record = JSON.parse(registry.compress('Edit', { path: 'math.js', old_string: 'a', new_string: 'b' }, result));
    assert.deepEqual(Object.keys(record.data), ['path', 'replacements', 'changedLines', 'snippet']);
    assert.equal(record.data.changedLines, '6');
  });

  it('says 0 matches and shows the most similar lines with line numbers and a similarity', async () => {
    const result = await registry.invoke('Edit', { path: 'math.js', old_string: 'function sub(a,b) {\n  return a-b;\n}', new_string: 'x' }, h.ctx);
    assert.equal(result.error?.code, 'no_match');
    const message = result.error!.message;
    assert.match(message, /old_string was not found in 'math\.js' \(0 matches\)\./);
    assert.match(message, /The most similar text is at lines 5-7 \((\d+)% similar, needs 100%\):/);
    const similarity = Number(/\((\d+)% similar/.exec(message)![1]);
    assert.ok(similarity >= 80 && similarity < 100, `similarity ${similarity}`);
    assert.ok(message.includes('     5\tfunction sub(a, b) {'));
    assert.equal(await ws.read('math.js'), source);
    assert.equal(h.approvals.length, 0);
  });

  it('points out an indentation-only mismatch and copied line-number prefixes', async () => {
    const indent = await registry.invoke('Edit', { path: 'math.js', old_string: 'return a + b;\n', new_string: 'x' }, h.ctx);
    assert.equal(indent.status, 'success', 'a substring still matches');
    const wrongIndent = await registry.invoke('Edit', { path: 'math.js', old_string: '    return a - b;', new_string: 'x' }, h.ctx);
    assert.match(wrongIndent.error!.message, /differs only in indentation/);
    const prefixed = await registry.invoke('Edit', { path: 'math.js', old_string: '     5\tfunction sub(a, b) {', new_string: 'x' }, h.ctx);
    assert.match(prefixed.error!.message, /line-number prefixes shown by Read/);
  });

  it('says how many matches a non-unique old_string has, and where', async () => {
    const result = await registry.invoke('Edit', { path: 'dup.txt', old_string: 'x = 1', new_string: 'x = 9' }, h.ctx);
    assert.equal(result.error?.code, 'not_unique');
    assert.match(result.error!.message, /old_string matches 3 places in 'dup\.txt' \(lines 1, 3, 5\)\..*replace_all/);
    assert.equal(await ws.read('dup.txt'), 'x = 1\ny = 2\nx = 1\nz = 3\nx = 1\n');
  });

  it('replace_all changes every occurrence (XML "true" accepted)', async () => {
    const result = await registry.invoke('Edit', { path: 'dup.txt', old_string: 'x = 1', new_string: 'x = $&9', replace_all: 'true' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(await ws.read('dup.txt'), 'x = $&9\ny = 2\nx = $&9\nz = 3\nx = $&9\n', 'replacement text is literal');
    assert.equal((result.data as EditData).replacements, 3);
    assert.match(result.text, /3 replacements, lines 1-5 changed/);
  });

  it('keeps CRLF line endings', async () => {
    const result = await registry.invoke('Edit', { path: 'dos.txt', old_string: 'alpha\nbeta', new_string: 'alpha\ngamma' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(await ws.read('dos.txt'), 'alpha\r\ngamma\r\n');
  });

  it('enforces read-before-write and the mtime check', async () => {
    await ws.write('unread.txt', 'a\n');
    const unread = await registry.invoke('Edit', { path: 'unread.txt', old_string: 'a', new_string: 'b' }, h.ctx);
    assert.equal(unread.error?.code, 'not_read');
    await ws.touchExternally('math.js', source + '// more\n');
    const stale = await registry.invoke('Edit', { path: 'math.js', old_string: 'add', new_string: 'plus' }, h.ctx);
    assert.equal(stale.error?.code, 'stale_read');
    assert.equal(await ws.read('math.js'), source + '// more\n');
    assert.equal(h.approvals.length, 0);
  });

  it('rejects missing files, empty and no-op edits', async () => {
    const missing = await registry.invoke('Edit', { path: 'nope.js', old_string: 'a', new_string: 'b' }, h.ctx);
    assert.equal(missing.error?.code, 'file_not_found');
    assert.match(missing.error!.message, /Use Write to create a new file/);
    assert.equal((await registry.invoke('Edit', { path: 'math.js', old_string: '', new_string: 'b' }, h.ctx)).error?.code, 'invalid_edit');
    assert.equal((await registry.invoke('Edit', { path: 'math.js', old_string: 'add', new_string: 'add' }, h.ctx)).error?.code, 'no_change');
  });

  it('a rejection with feedback leaves the file unchanged', async () => {
    h.decide = () => ({ decision: 'rejected', feedback: 'Use a template literal.' });
    const result = await registry.invoke('Edit', { path: 'math.js', old_string: 'a + b', new_string: 'b + a' }, h.ctx);
    assert.equal(result.error?.code, 'rejected');
    assert.match(result.error!.message, /User feedback: Use a template literal\./);
    assert.equal(await ws.read('math.js'), source);
  });

  it("writes the user's edited version and reports the change it actually made", async () => {
    const userVersion = source.replace('a + b', 'b + a /* user */');
    h.decide = () => ({ decision: 'accepted', finalContent: userVersion });
    const result = await registry.invoke('Edit', { path: 'math.js', old_string: 'a + b', new_string: 'b + a' }, h.ctx);
    assert.equal(result.status, 'success');
    assert.equal(await ws.read('math.js'), userVersion);
    assert.ok(result.text.includes('     2\t  return b + a /* user */;'));
    assert.match(result.text, /The user edited your proposal/);
    // The model's next edit works against what is on disk without another Read.
    const next = await registry.invoke('Edit', { path: 'math.js', old_string: '/* user */', new_string: '' }, h.ctx);
    assert.equal(next.status, 'success', next.text);
  });
});

describe('MultiEdit', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'math.js': source });
    h = makeHarness(ws);
    await registry.invoke('Read', { path: 'math.js' }, h.ctx);
  });
  afterEach(() => ws.cleanup());

  it('applies edits in sequence, each on the previous result, with one approval', async () => {
    const result = await registry.invoke(
      'MultiEdit',
      {
        path: 'math.js',
        edits: [
          { old_string: 'function add', new_string: 'function plus' },
          { old_string: 'function plus(a, b)', new_string: 'function plus(x, y)' },
          { old_string: 'return a + b', new_string: 'return x + y' },
        ],
      },
      h.ctx,
    );
    assert.equal(result.status, 'success', result.text);
    assert.ok((await ws.read('math.js')).startsWith('function plus(x, y) {\n  return x + y;\n}'));
    assert.equal(h.approvals.length, 1);
    assert.match(result.text, /3 replacements from 3 edits, lines 1-2 changed/);
  });

  it('is all or nothing: a failing edit leaves the file untouched and names the edit', async () => {
    const result = await registry.invoke(
      'MultiEdit',
      { path: 'math.js', edits: [{ old_string: 'add', new_string: 'plus' }, { old_string: 'does not exist', new_string: 'x' }] },
      h.ctx,
    );
    assert.equal(result.error?.code, 'no_match');
    assert.match(result.error!.message, /^Edit 2 of 2 failed, so none of the edits were applied: old_string was not found/);
    assert.equal(await ws.read('math.js'), source);
    assert.equal(h.approvals.length, 0);
  });

  it('accepts edits as nested XML tags, as the XML wire format delivers them', async () => {
    const edits = `
<edit>
<old_string>
  return a + b;
</old_string>
<new_string>
  const sum = a + b; // <b>not a tag</b>
  return sum;
</new_string>
</edit>
<edit>
<old_string>sub</old_string>
<new_string>minus</new_string>
<replace_all>true</replace_all>
</edit>
`;
    const result = await registry.invoke('MultiEdit', { path: 'math.js', edits }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    const text = await ws.read('math.js');
    assert.ok(text.includes('  const sum = a + b; // <b>not a tag</b>\n  return sum;\n'));
    assert.ok(text.includes('function minus(a, b)'));
  });

  it('accepts edits as a JSON string and reports invalid edits clearly', async () => {
    const ok = await registry.invoke('MultiEdit', { path: 'math.js', edits: JSON.stringify([{ old_string: 'add', new_string: 'plus' }]) }, h.ctx);
    assert.equal(ok.status, 'success', ok.text);
    const bad = await registry.invoke('MultiEdit', { path: 'math.js', edits: [{ old_string: 'x' }] }, h.ctx);
    assert.equal(bad.error?.code, 'invalid_params');
    assert.match(bad.error!.message, /edits\.0\.new_string: is required/);
  });

  it('refuses a file that is not UTF-8 (Latin-1) instead of corrupting it', async () => {
    const { promises: fsp } = await import('node:fs');
    const { join } = await import('node:path');
    const latin1 = Buffer.from('caf\xe9 = 1\n', 'latin1');
    await fsp.writeFile(join(ws.root, 'legacy.txt'), latin1);
    const read = await registry.invoke('Read', { path: 'legacy.txt' }, h.ctx);
    assert.equal(read.error?.code, 'not_utf8', read.text);
    assert.match(read.error!.message, /not UTF-8 text/);
    const write = await registry.invoke('Write', { path: 'legacy.txt', content: 'x' }, h.ctx);
    assert.equal(write.status, 'error');
    assert.deepEqual(await fsp.readFile(join(ws.root, 'legacy.txt')), latin1, 'the bytes on disk are untouched');
  });
});

