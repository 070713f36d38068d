import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveMentions } from '../../../../src/core/mentions/mentionResolver';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';

describe('resolveMentions', () => {
  let ws: TempWorkspace;
  let fs: NodeWorkspaceFs;
  let outside: string;

  beforeEach(async () => {
    ws = await TempWorkspace.create({
      'src/a.ts': 'a\n',
      'src/b.ts': 'b\n',
      'src/utils/auth.ts': 'auth\n',
      'README.md': '# r\n',
    });
    fs = new NodeWorkspaceFs(ws.root);
    outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-outside-'));
    await fsp.writeFile(path.join(outside, 'secret.txt'), 'secret\n');
  });
  afterEach(async () => {
    await ws.cleanup();
    await fsp.rm(outside, { recursive: true, force: true });
  });

  const paths = async (text: string) => (await resolveMentions(text, fs)).mentions.map((m) => `${m.kind}:${m.path}`);

  it('resolves files and folders with their spans', async () => {
    const text = 'Compare @src/a.ts with @src/utils/ please';
    const { mentions } = await resolveMentions(text, fs);
    assert.deepEqual(mentions, [
      { path: 'src/a.ts', kind: 'file', start: 8, end: 17 },
      { path: 'src/utils', kind: 'directory', start: 23, end: 34 },
    ]);
    assert.equal(text.slice(23, 34), '@src/utils/');
  });

  it('accepts a mention in parentheses, not an e-mail address', async () => {
    assert.deepEqual(await paths('(@src/a.ts) mail me@README.md'), ['file:src/a.ts']);
  });

  it('leaves a missing path as plain text', async () => {
    assert.deepEqual(await paths('see @src/missing.ts and @someone'), []);
  });

  it('keeps order of appearance and de-duplicates, listing every occurrence separately', async () => {
    const result = await resolveMentions('@src/b.ts @src/a.ts @./src/b.ts @src/b.ts', fs);
    assert.deepEqual(result.mentions.map((m) => m.path), ['src/b.ts', 'src/a.ts']);
    assert.equal(result.mentions[0]!.start, 0);
    assert.deepEqual(result.occurrences.map((m) => [m.path, m.start]), [
      ['src/b.ts', 0],
      ['src/a.ts', 10],
      ['src/b.ts', 20],
      ['src/b.ts', 32],
    ]);
  });

  it('drops trailing sentence punctuation only when the shorter path exists', async () => {
    const { mentions } = await resolveMentions('Fix @src/a.ts. Then @README.md...', fs);
    assert.deepEqual(mentions.map((m) => [m.path, m.end - m.start]), [['src/a.ts', 9], ['README.md', 10]]);
    await ws.write('notes.', 'a file whose name ends in a dot\n');
    assert.deepEqual(await paths('@notes.'), ['file:notes.']);
  });

  it('refuses paths that leave the workspace, by .. or by a symbolic link', async () => {
    await fsp.symlink(path.join(outside, 'secret.txt'), ws.abs('src/leak.txt'));
    await fsp.symlink(outside, ws.abs('outdir'));
    const name = path.basename(outside);
    assert.deepEqual(await paths(`@../${name}/secret.txt @src/leak.txt @outdir @outdir/secret.txt @${outside}/secret.txt`), []);
  });

  it('follows a symbolic link that stays inside', async () => {
    await fsp.symlink(ws.abs('src/a.ts'), ws.abs('alias.ts'));
    assert.deepEqual(await paths('@alias.ts'), ['file:alias.ts']);
  });

  it('does not treat the workspace root as a mention', async () => {
    assert.deepEqual(await paths('@. @./ and @'), []);
  });

  it('a range mention (what Send Selection inserts) names its lines and spans them', async () => {
    const text = 'why does @src/a.ts:L10-L20 fail, and @src/b.ts:L7?';
    const { mentions, occurrences } = await resolveMentions(text, fs);
    assert.deepEqual(mentions.map((m) => [m.path, m.lines]), [['src/a.ts', { from: 10, to: 20 }], ['src/b.ts', { from: 7, to: 7 }]]);
    assert.equal(text.slice(occurrences[0]!.start, occurrences[0]!.end), '@src/a.ts:L10-L20');
    assert.deepEqual((await resolveMentions('see @src/a.ts:Lx', fs)).mentions.map((m) => m.lines), [undefined], 'not a range: plain mention');
    assert.deepEqual((await resolveMentions('@src:L3', fs)).mentions.map((m) => [m.kind, m.lines]), [['directory', undefined]], 'folders have no lines');
  });
});
