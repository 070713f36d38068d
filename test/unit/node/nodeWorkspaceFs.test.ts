import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';

describe('NodeWorkspaceFs', () => {
  let root: string;
  let fs: NodeWorkspaceFs;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-fs-'));
    fs = new NodeWorkspaceFs(root);
  });
  afterEach(() => fsp.rm(root, { recursive: true, force: true }));

  it('exposes the root with POSIX separators', () => {
    assert.equal(fs.root, root.split(path.sep).join('/'));
  });

  it('writes atomically, creating parents and leaving no temp files', async () => {
    await fs.writeFile('a/b/c.txt', 'one');
    await fs.writeFile('a/b/c.txt', 'two');
    assert.equal(await fs.readFile('a/b/c.txt'), 'two');
    assert.deepEqual(await fsp.readdir(path.join(root, 'a/b')), ['c.txt']);
  });

  it('keeps the permissions of a file it replaces', async () => {
    await fsp.writeFile(path.join(root, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    await fsp.chmod(path.join(root, 'run.sh'), 0o755);
    await fs.writeFile('run.sh', '#!/bin/sh\necho hi\n');
    assert.equal((await fsp.stat(path.join(root, 'run.sh'))).mode & 0o777, 0o755);
  });

  it('writes through a symbolic link, which stays a link', async () => {
    await fsp.writeFile(path.join(root, 'target.txt'), 'old');
    await fsp.symlink(path.join(root, 'target.txt'), path.join(root, 'link.txt'));
    await fs.writeFile('link.txt', 'new');
    assert.equal(await fsp.readFile(path.join(root, 'target.txt'), 'utf8'), 'new');
    assert.ok((await fsp.lstat(path.join(root, 'link.txt'))).isSymbolicLink());
  });

  it('stats files and directories, undefined for nothing', async () => {
    await fs.writeFile('f.txt', 'abc');
    const file = await fs.stat('f.txt');
    assert.equal(file?.type, 'file');
    assert.equal(file?.size, 3);
    assert.equal((await fs.stat('.'))?.type, 'directory');
    assert.equal(await fs.stat('nope'), undefined);
    assert.equal(await fs.stat('f.txt/below'), undefined);
  });

  it('lists directory entries with their types, links unfollowed', async () => {
    await fs.writeFile('d/f.txt', '');
    await fsp.mkdir(path.join(root, 'd/sub'));
    await fsp.symlink(path.join(root, 'd/sub'), path.join(root, 'd/link'));
    const entries = (await fs.readDir('d')).sort((a, b) => a.name.localeCompare(b.name));
    assert.deepEqual(entries, [
      { name: 'f.txt', type: 'file' },
      { name: 'link', type: 'symlink' },
      { name: 'sub', type: 'directory' },
    ]);
  });

  it('resolves real paths relative to the real root, for missing paths too', async () => {
    await fsp.mkdir(path.join(root, 'real'));
    await fsp.symlink(path.join(root, 'real'), path.join(root, 'alias'));
    assert.equal(await fs.realPath('alias/new/file.ts'), 'real/new/file.ts');
    assert.equal(await fs.realPath('.'), '.');
    await fsp.symlink('/', path.join(root, 'slash'));
    assert.match(await fs.realPath('slash/etc'), /^\.\.\//);
  });

  it('refuses paths outside the root even if called directly', async () => {
    await assert.rejects(fs.readFile('../x'), /outside the workspace/);
    await assert.rejects(fs.deleteFile('../x'), /outside the workspace/);
  });

  it('deletes a file, leaving its directory; nothing there is fine', async () => {
    await fs.writeFile('d/gone.txt', 'x');
    await fs.deleteFile('d/gone.txt');
    assert.equal(await fs.stat('d/gone.txt'), undefined);
    assert.deepEqual(await fsp.readdir(path.join(root, 'd')), []);
    await fs.deleteFile('d/gone.txt');
    await fs.deleteFile('missing/below.txt');
  });

  it('deletes a symbolic link, not what it points at, and refuses a directory', async () => {
    await fs.writeFile('target.txt', 'kept');
    await fsp.symlink(path.join(root, 'target.txt'), path.join(root, 'link.txt'));
    await fs.deleteFile('link.txt');
    assert.equal(await fsp.lstat(path.join(root, 'link.txt')).catch(() => undefined), undefined);
    assert.equal(await fs.readFile('target.txt'), 'kept');
    await fsp.mkdir(path.join(root, 'dir'));
    await assert.rejects(fs.deleteFile('dir'), { code: 'EISDIR' });
    assert.equal((await fs.stat('dir'))?.type, 'directory');
  });
});
