import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createMemoryTool, type MemoryData } from '../../../src/core/memory/memoryTool';
import { undoMemoryWrite } from '../../../src/core/memory/memoryUndo';
import { projectSlug } from '../../../src/core/memory/projectSlug';
import type { MemoryStore } from '../../../src/core/ports/memoryStore';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ToolContext, ToolResult } from '../../../src/core/tools/toolTypes';
import { memoryStoreAt } from '../../../src/node/memoryFolders';

/** The Memory tool (spec §21) over the real node store, in a temporary home. */
describe('the Memory tool', () => {
  let home: string;
  let project: string;
  let store: MemoryStore;
  let registry: ToolRegistry;
  const ctx = { signal: new AbortController().signal } as ToolContext;
  const call = (params: Record<string, unknown>): Promise<ToolResult> => registry.invoke('Memory', params, ctx);
  const userFile = (rel: string) => path.join(home, '.codeagent', 'memory', rel);
  const projectFile = (rel: string) => path.join(home, '.codeagent', 'projects', projectSlug(project), 'memory', rel);

  beforeEach(async () => {
    home = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-home-'));
    project = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-project-'));
    store = memoryStoreAt(project, home);
    registry = new ToolRegistry([createMemoryTool(store) as never]);
  });
  afterEach(async () => {
    await fsp.rm(home, { recursive: true, force: true });
    await fsp.rm(project, { recursive: true, force: true });
  });

  it('create writes under ~/.codeagent (the project\'s by its slug), view reads it numbered and lists folders with sizes', async () => {
    const created = await call({ command: 'create', path: '/memories/project/MEMORY.md', file_text: '# Project\n- Tests: make check\n' });
    assert.equal(created.text, 'File created successfully at: /memories/project/MEMORY.md');
    assert.equal(await fsp.readFile(projectFile('MEMORY.md'), 'utf8'), '# Project\n- Tests: make check\n');
    assert.deepEqual(await fsp.readdir(project), [], 'nothing is written in the project itself');
    const viewed = await call({ command: 'view', path: '/memories/project/MEMORY.md', view_range: [2, 2] });
    assert.equal(viewed.text, "Here's the content of /memories/project/MEMORY.md with line numbers:\n     2\t- Tests: make check");
    await call({ command: 'create', path: '/memories/user/topics/style.md', file_text: 'tabs' });
    const listing = await call({ command: 'view', path: '/memories' });
    const lines = listing.text.split('\n');
    assert.equal(lines[0], "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:");
    assert.deepEqual(lines.slice(1).map((line) => line.split('\t')[1]), ['/memories', '/memories/user/', '/memories/user/topics/', '/memories/project/', '/memories/project/MEMORY.md']);
    assert.match(lines.at(-1)!, /^30B\t/);
    const missing = await call({ command: 'view', path: '/memories/user/nope.md' });
    assert.equal(missing.error?.message, 'The path /memories/user/nope.md does not exist. Please provide a valid path.');
  });

  it('str_replace needs old_str exactly once; insert puts text after a line; each write carries its diff and undo steps', async () => {
    await call({ command: 'create', path: '/memories/user/MEMORY.md', file_text: 'a\nb\nb\nc' });
    assert.match((await call({ command: 'str_replace', path: '/memories/user/MEMORY.md', old_str: 'b', new_str: 'x' })).error!.message, /Multiple occurrences of old_str `b` in lines: 2, 3/);
    assert.match((await call({ command: 'str_replace', path: '/memories/user/MEMORY.md', old_str: 'zzz', new_str: 'x' })).error!.message, /did not appear verbatim/);
    const replaced = await call({ command: 'str_replace', path: '/memories/user/MEMORY.md', old_str: 'c', new_str: 'pnpm, not npm' });
    assert.match(replaced.text, /^The memory file has been edited\. Here is the snippet showing the change \(with line numbers\):\n/);
    assert.match(replaced.text, /     4\tpnpm, not npm/);
    const change = (replaced.data as MemoryData).change!;
    assert.deepEqual([change.added, change.removed], [1, 1]);
    assert.match(change.diff, /@@ -2,3 \+2,3 @@\n b\n b\n-c\n(.*\n)?\+pnpm, not npm/);
    assert.deepEqual(change.undo, [{ path: '/memories/user/MEMORY.md', before: 'a\nb\nb\nc' }]);
    const inserted = await call({ command: 'insert', path: '/memories/user/MEMORY.md', insert_line: 0, insert_text: '# Me\n' });
    assert.equal(inserted.text, 'The file /memories/user/MEMORY.md has been edited.');
    assert.equal(await fsp.readFile(userFile('MEMORY.md'), 'utf8'), '# Me\na\nb\nb\npnpm, not npm');
    assert.match((await call({ command: 'insert', path: '/memories/user/MEMORY.md', insert_line: 9, insert_text: 'x' })).error!.message, /range of lines of the file: \[0, 5\]/);
    // The history keeps the command, the path and what was written (spec §4).
    const record = JSON.parse(registry.compress('Memory', { command: 'insert', path: '/memories/user/MEMORY.md', insert_line: 0, insert_text: '# Me\n' }, inserted));
    assert.deepEqual(record.data, { command: 'insert', path: '/memories/user/MEMORY.md', written: '# Me\n' });
  });

  it('rename and delete move and remove files and folders; Undo puts every file back exactly, and removes what a write created', async () => {
    await call({ command: 'create', path: '/memories/project/a/one.md', file_text: 'one\r\n' });
    await call({ command: 'create', path: '/memories/project/a/two.md', file_text: 'two' });
    const renamed = await call({ command: 'rename', old_path: '/memories/project/a', new_path: '/memories/project/b' });
    assert.equal(renamed.text, 'Successfully renamed /memories/project/a to /memories/project/b');
    assert.equal(await fsp.readFile(projectFile('b/one.md'), 'utf8'), 'one\r\n');
    assert.match((await call({ command: 'rename', old_path: '/memories/project/b/one.md', new_path: '/memories/project/b/two.md' })).error!.message, /already exists/);
    const deleted = await call({ command: 'delete', path: '/memories/project/b' });
    assert.equal(deleted.text, 'Successfully deleted /memories/project/b');
    await assert.rejects(fsp.stat(projectFile('b')));
    assert.equal(await undoMemoryWrite(store, (deleted.data as MemoryData).change!.undo), undefined);
    assert.equal(await fsp.readFile(projectFile('b/one.md'), 'utf8'), 'one\r\n', 'the exact bytes come back');
    assert.equal(await undoMemoryWrite(store, (renamed.data as MemoryData).change!.undo), undefined);
    assert.deepEqual((await fsp.readdir(projectFile('a'))).sort(), ['one.md', 'two.md']);
    await assert.rejects(fsp.stat(projectFile('b/one.md')));
    const created = await call({ command: 'create', path: '/memories/user/new.md', file_text: 'x' });
    await undoMemoryWrite(store, (created.data as MemoryData).change!.undo);
    await assert.rejects(fsp.stat(userFile('new.md')), 'undoing a creation removes the file');
    assert.match((await call({ command: 'delete', path: '/memories/project' })).error!.message, /Cannot delete \/memories\/project itself/);
    assert.equal(await undoMemoryWrite(store, [{ path: '/memories/user/../../x', before: 'x' }]), 'Cannot undo a change of /memories/user/../../x.');
  });

  it('refuses other paths and `..` (nothing written anywhere), a file over 100 KB and a key-shaped secret, telling the model why', async () => {
    const escape = await call({ command: 'create', path: '/memories/project/../../escape.md', file_text: 'x' });
    assert.equal(escape.error?.code, 'outside_memory');
    assert.match(escape.error!.message, /`\.\.` and `\.` are not allowed/);
    const elsewhere = await call({ command: 'create', path: '/tmp/x.md', file_text: 'x' });
    assert.match(elsewhere.error!.message, /outside \/memories/);
    await assert.rejects(fsp.stat(path.join(home, 'escape.md')));
    await assert.rejects(fsp.stat(path.join(home, '.codeagent', 'escape.md')));
    const big = await call({ command: 'create', path: '/memories/user/big.md', file_text: 'x'.repeat(100 * 1024 + 1) });
    assert.equal(big.error?.code, 'too_large');
    assert.match(big.error!.message, /over the 100 KB limit/);
    assert.equal((await call({ command: 'create', path: '/memories/user/ok.md', file_text: 'x'.repeat(100 * 1024) })).status, 'success');
    const secret = await call({ command: 'create', path: '/memories/user/keys.md', file_text: '- deploy key: AKIAIOSFODNN7EXAMPLE' });
    assert.equal(secret.error?.code, 'secret_refused');
    assert.match(secret.error!.message, /shaped like a secret \(an AWS access key id\)/);
    assert.doesNotMatch(secret.error!.message, /AKIAIOSFODNN7EXAMPLE/, 'the refusal does not repeat the secret');
    await assert.rejects(fsp.stat(userFile('keys.md')), 'nothing was written');
    await call({ command: 'create', path: '/memories/user/MEMORY.md', file_text: 'a' });
    const replaced = await call({ command: 'str_replace', path: '/memories/user/MEMORY.md', old_str: 'a', new_str: 'ghp_0123456789abcdefghijABCDEFGHIJ012345' });
    assert.equal(replaced.error?.code, 'secret_refused');
    assert.equal(await fsp.readFile(userFile('MEMORY.md'), 'utf8'), 'a');
  });

  it('refuses a link out of the memory folder, for reads and writes, and does not list it', async () => {
    const outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-outside-'));
    try {
      await fsp.writeFile(path.join(outside, 'secret.txt'), 'outside');
      await fsp.mkdir(userFile(''), { recursive: true });
      await fsp.symlink(outside, userFile('link'), 'dir');
      await fsp.symlink(path.join(outside, 'secret.txt'), userFile('file-link.md'));
      const read = await call({ command: 'view', path: '/memories/user/link/secret.txt' });
      assert.equal(read.error?.code, 'outside_memory');
      assert.match(read.error!.message, /leads out of the memory folder through a link/);
      assert.equal((await call({ command: 'view', path: '/memories/user/file-link.md' })).error?.code, 'outside_memory');
      assert.equal((await call({ command: 'create', path: '/memories/user/link/new.md', file_text: 'x' })).error?.code, 'outside_memory');
      assert.equal((await call({ command: 'str_replace', path: '/memories/user/file-link.md', old_str: 'outside', new_str: 'inside' })).error?.code, 'outside_memory');
      assert.deepEqual(await fsp.readdir(outside), ['secret.txt']);
      assert.equal(await fsp.readFile(path.join(outside, 'secret.txt'), 'utf8'), 'outside');
      assert.doesNotMatch((await call({ command: 'view', path: '/memories/user' })).text, /link/);
    } finally {
      await fsp.rm(outside, { recursive: true, force: true });
    }
  });

  it('declares itself as Anthropic\'s memory_20250818 only for a Claude model on the Messages API', () => {
    let native = false;
    const tools = new ToolRegistry([createMemoryTool(store, { claudeNative: () => native }) as never]);
    assert.equal(tools.toolSpecs()[0]!.anthropicNative, undefined);
    native = true;
    assert.deepEqual(tools.toolSpecs()[0]!.anthropicNative, { type: 'memory_20250818', name: 'memory' });
    assert.equal(tools.toolSpecs()[0]!.name, 'Memory');
  });
});
