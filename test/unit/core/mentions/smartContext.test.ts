import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { maxContextFileBytes, maxContextFileLines } from '../../../../src/core/mentions/contextFileText';
import { maxContextFiles, extractSmartContext } from '../../../../src/core/mentions/smartContext';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';

describe('extractSmartContext (@file:keyword)', () => {
  let ws: TempWorkspace;
  let fs: NodeWorkspaceFs;

  beforeEach(async () => {
    ws = await TempWorkspace.create({
      '.gitignore': 'dist/\n',
      'src/core/agent.ts': 'export class Agent {}\n',
      'src/core/session.ts': 'export class Session {}\n',
      'src/agentTools.ts': 'tools\n',
      'test/Agent.test.ts': 'test\n',
      'dist/agent.js': 'built\n',
      'node_modules/agent/index.js': 'dependency\n',
      'docs/readme.md': 'docs\n',
    });
    fs = new NodeWorkspaceFs(ws.root);
  });
  afterEach(() => ws.cleanup());

  it('reads an exact path into a Context block, byte for byte', async () => {
    const result = await extractSmartContext('Explain @file:src/core/session.ts please', fs);
    assert.equal(result.block, '<Context>\n<File path="src/core/session.ts"><![CDATA[export class Session {}\n]]></File>\n</Context>');
    assert.deepEqual(result.files, ['src/core/session.ts']);
    assert.deepEqual(result.warnings, []);
  });

  it('accepts a backslash path and strips sentence punctuation around the keyword', async () => {
    const result = await extractSmartContext('See (@file:src\\core\\agent.ts), and @file:session.ts.', fs);
    assert.deepEqual(result.files, ['src/core/agent.ts', 'src/core/session.ts']);
  });

  it('finds a file name anywhere before falling back to names containing the keyword', async () => {
    assert.deepEqual((await extractSmartContext('@file:session.ts', fs)).files, ['src/core/session.ts']);
    // Not a file name, so every name containing it, case-insensitively, sorted by path; ignored folders skipped.
    assert.deepEqual((await extractSmartContext('@file:agent', fs)).files, ['src/agentTools.ts', 'src/core/agent.ts', 'test/Agent.test.ts']);
  });

  it('falls back to a glob when a path with a slash is not exact', async () => {
    assert.deepEqual((await extractSmartContext('@file:core/agent.ts', fs)).files, ['src/core/agent.ts']);
  });

  it('reads each file once across keywords, in keyword order', async () => {
    const result = await extractSmartContext('@file:agent.ts @file:src/core/agent.ts @file:session @file:agent.ts', fs);
    assert.deepEqual(result.files, ['src/core/agent.ts', 'src/core/session.ts']);
    assert.equal(result.block.match(/<File /g)?.length, 2);
  });

  it('warns about a keyword with no match, in the block and to the caller', async () => {
    const result = await extractSmartContext('@file:nothing-like-this and @file:session.ts', fs);
    assert.deepEqual(result.warnings, ['No file matches @file:nothing-like-this']);
    assert.ok(result.block.startsWith('<Context>\n<Warning>No file matches @file:nothing-like-this</Warning>\n<File path="src/core/session.ts">'));
  });

  it('warns about a folder rather than reading look-alikes', async () => {
    const result = await extractSmartContext('@file:src/core', fs);
    assert.deepEqual(result.files, []);
    assert.match(result.warnings[0]!, /^@file:src\/core is a folder \(src\/core\), not a file/);
  });

  it('is empty without @file: references', async () => {
    assert.deepEqual(await extractSmartContext('plain @src/core/agent.ts text, me@file:x', fs), { block: '', files: [], warnings: [] });
  });

  it('truncates at 1000 lines and marks it', async () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `line ${i + 1}`);
    await ws.write('big/long.txt', lines.join('\n') + '\n');
    const result = await extractSmartContext('@file:big/long.txt', fs);
    const body = cdataBody(result.block);
    assert.equal(body, lines.slice(0, maxContextFileLines).join('\n') + '\n');
    assert.match(result.block, /<File path="big\/long.txt" truncated="Showing lines 1-1000 of 1500 \(limit 1000 lines \/ 200 KB\); use the Read tool with offset 1001 for the rest.">/);
  });

  it('truncates at 200 KB on a line boundary, and inside a single enormous line', async () => {
    const line = 'x'.repeat(999);
    await ws.write('big/wide.txt', `${line}\n`.repeat(300));
    const wide = await extractSmartContext('@file:big/wide.txt', fs);
    const body = cdataBody(wide.block);
    assert.ok(Buffer.byteLength(body) <= maxContextFileBytes);
    assert.equal(body, `${line}\n`.repeat(204));
    assert.match(wide.block, /truncated="Showing lines 1-204 of 300/);

    await ws.write('big/one.txt', 'é'.repeat(150 * 1024));
    const one = await extractSmartContext('@file:big/one.txt', fs);
    const oneBody = cdataBody(one.block);
    assert.equal(Buffer.byteLength(oneBody), maxContextFileBytes);
    assert.match(one.block, /truncated="Showing the first 200 KB of line 1 of 1/);
  });

  it('escapes ]]> inside content by splitting the CDATA section', async () => {
    await ws.write('src/tricky.xml', 'a]]>b\n');
    const result = await extractSmartContext('@file:src/tricky.xml', fs);
    assert.ok(result.block.includes('<File path="src/tricky.xml"><![CDATA[a]]]]><![CDATA[>b\n]]></File>'));
    assert.equal(cdataBody(result.block), 'a]]>b\n');
  });

  it('escapes the path attribute and warning text', async () => {
    await ws.write('src/a&"b<.ts', 'x\n');
    const result = await extractSmartContext('@file:src/a&"b<.ts @file:<nope>', fs);
    assert.ok(result.block.includes('<File path="src/a&amp;&quot;b&lt;.ts">'));
    assert.ok(result.block.includes('<Warning>No file matches @file:&lt;nope&gt;</Warning>'));
    assert.deepEqual(result.warnings, ['No file matches @file:<nope>']);
  });

  it('reads at most 10 files and names the rest', async () => {
    for (let i = 0; i < 13; i++) await ws.write(`many/widget${String(i).padStart(2, '0')}.ts`, `${i}\n`);
    const result = await extractSmartContext('@file:widget', fs);
    assert.equal(result.files.length, maxContextFiles);
    assert.equal(result.files[0], 'many/widget00.ts');
    const note = '3 more matching files were not read (limit 10 files / 400 KB in total): many/widget10.ts, many/widget11.ts, many/widget12.ts. Use the Read tool if they are relevant.';
    assert.deepEqual(result.warnings, [note]);
    assert.ok(result.block.endsWith(`<Note>${note}</Note>\n</Context>`));
  });

  it('reports binary files instead of reading them', async () => {
    await ws.write('src/image.bin', 'PNG\u0000\u0001');
    const result = await extractSmartContext('@file:src/image.bin', fs);
    assert.deepEqual(result.files, []);
    assert.match(result.warnings[0]!, /^@file:src\/image.bin: src\/image.bin was not read: .*binary/);
  });

  describe('confinement', () => {
    let outside: string;
    beforeEach(async () => {
      outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-outside-'));
      await fsp.writeFile(path.join(outside, 'secret.txt'), 'TOP SECRET\n');
    });
    afterEach(() => fsp.rm(outside, { recursive: true, force: true }));

    it('refuses .. and absolute paths outside the workspace', async () => {
      const name = path.basename(outside);
      const result = await extractSmartContext(`@file:../${name}/secret.txt @file:${outside}/secret.txt`, fs);
      assert.deepEqual(result.files, []);
      assert.ok(!result.block.includes('TOP SECRET'));
      assert.deepEqual(result.warnings, [
        `@file:../${name}/secret.txt is outside the workspace; it was not read`,
        `@file:${outside}/secret.txt is outside the workspace; it was not read`,
      ]);
    });

    it('refuses a symbolic link leading outside, by exact path or by glob', async () => {
      await fsp.symlink(path.join(outside, 'secret.txt'), ws.abs('src/leak.txt'));
      const exact = await extractSmartContext('@file:src/leak.txt', fs);
      assert.deepEqual(exact.files, []);
      assert.ok(!exact.block.includes('TOP SECRET'));
      const globbed = await extractSmartContext('@file:leak', fs);
      assert.deepEqual(globbed.files, []);
      assert.ok(!globbed.block.includes('TOP SECRET'));
      assert.deepEqual(globbed.warnings, ['@file:leak: src/leak.txt leads outside the workspace; it was not read']);
    });

    it('reads through a symbolic link that stays inside', async () => {
      await fsp.symlink(ws.abs('src/core/agent.ts'), ws.abs('linked-agent.ts'));
      assert.deepEqual((await extractSmartContext('@file:linked-agent.ts', fs)).files, ['linked-agent.ts']);
    });
  });
});

/** The file content inside the (first) File element, CDATA sections rejoined. */
function cdataBody(block: string): string {
  const inner = /<File [^>]*>([\s\S]*?)<\/File>/.exec(block)![1]!;
  return [...inner.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((m) => m[1]).join('');
}
