import { strict as assert } from 'node:assert';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { resultDetail } from '../../../../src/core/agent/toolResultView';
import type { WriteData } from '../../../../src/core/tools/writeTool';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const registry = createDefaultToolRegistry();

describe('Write', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'old.txt': 'old\n', 'dos.txt': 'a\r\nb\r\n' });
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  it('creates a new file (parents included) without a prior Read, after approval', async () => {
    const result = await registry.invoke('Write', { path: 'deep/new/file.ts', content: 'export {};\n' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(await ws.read('deep/new/file.ts'), 'export {};\n');
    assert.deepEqual(h.approvals, [{ kind: 'edit', tool: 'Write', path: 'deep/new/file.ts', before: undefined, after: 'export {};\n' }]);
    assert.equal((result.data as WriteData).action, 'created');
    assert.match(result.text, /^Created deep\/new\/file\.ts \(1 line\)\./);
    assert.deepEqual(resultDetail('Write', result), { path: 'deep/new/file.ts', added: 1, removed: 0 });
    assert.deepEqual(h.changes.map((c) => [c.path, c.kind]), [['deep/new/file.ts', 'added']]);
    assert.ok(h.ledger.lastSeenMtime('deep/new/file.ts') !== undefined, 'its own write counts as seen');
  });

  it('refuses to overwrite a file that was never read, without asking', async () => {
    const result = await registry.invoke('Write', { path: 'old.txt', content: 'new\n' }, h.ctx);
    assert.equal(result.error?.code, 'not_read');
    assert.match(result.error!.message, /has not been read in this conversation\. Read it with the Read tool first/);
    assert.equal(await ws.read('old.txt'), 'old\n');
    assert.equal(h.approvals.length, 0);
  });

  it('overwrites a file after a Read, showing the approver before and after', async () => {
    await registry.invoke('Read', { path: 'old.txt' }, h.ctx);
    const result = await registry.invoke('Write', { path: 'old.txt', content: 'new\n' }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(await ws.read('old.txt'), 'new\n');
    assert.deepEqual(h.approvals[0], { kind: 'edit', tool: 'Write', path: 'old.txt', before: 'old\n', after: 'new\n' });
    assert.match(result.text, /^Overwrote old\.txt \(1 line\)\./);
    // An overwrite shows its +/− and its diff on the card, as a creation does (issue 17 item 8).
    assert.deepEqual(resultDetail('Write', result), { path: 'old.txt', added: 1, removed: 1 });
    // Its own write does not make the next write stale.
    const again = await registry.invoke('Write', { path: 'old.txt', content: 'newer\n' }, h.ctx);
    assert.equal(again.status, 'success', again.text);
  });

  it('refuses when the file changed since the Read', async () => {
    await registry.invoke('Read', { path: 'old.txt' }, h.ctx);
    await ws.touchExternally('old.txt', 'someone else\n');
    const result = await registry.invoke('Write', { path: 'old.txt', content: 'mine\n' }, h.ctx);
    assert.equal(result.error?.code, 'stale_read');
    assert.match(result.error!.message, /was modified since you last read it.*Read it again/);
    assert.equal(await ws.read('old.txt'), 'someone else\n');
  });

  it('refuses when the file changes while the approval is pending', async () => {
    await registry.invoke('Read', { path: 'old.txt' }, h.ctx);
    h.ctx.approve = async () => {
      await ws.touchExternally('old.txt', 'changed meanwhile\n');
      return { decision: 'accepted' };
    };
    const result = await registry.invoke('Write', { path: 'old.txt', content: 'mine\n' }, h.ctx);
    assert.equal(result.error?.code, 'stale_read');
    assert.equal(await ws.read('old.txt'), 'changed meanwhile\n');
  });

  it('refuses when a new file appears while the approval is pending, leaving it untouched', async () => {
    h.ctx.approve = async () => {
      await ws.write('fresh.txt', 'the user made this meanwhile\n');
      return { decision: 'accepted' };
    };
    const result = await registry.invoke('Write', { path: 'fresh.txt', content: 'mine\n' }, h.ctx);
    assert.equal(result.error?.code, 'stale_read', result.text);
    assert.match(result.error!.message, /changed on disk while the change was waiting for approval; nothing was written/);
    assert.equal(await ws.read('fresh.txt'), 'the user made this meanwhile\n');
    assert.equal(h.changes.length, 0);
  });

  it('a rejection with feedback leaves the file unchanged and tells the model why', async () => {
    await registry.invoke('Read', { path: 'old.txt' }, h.ctx);
    h.decide = () => ({ decision: 'rejected', feedback: 'Keep the old wording.' });
    const result = await registry.invoke('Write', { path: 'old.txt', content: 'new\n' }, h.ctx);
    assert.equal(result.status, 'error');
    assert.equal(result.error?.code, 'rejected');
    assert.match(result.error!.message, /rejected the change to 'old\.txt'; the file was not modified\. User feedback: Keep the old wording\./);
    assert.equal(await ws.read('old.txt'), 'old\n');
    const created = await registry.invoke('Write', { path: 'fresh.txt', content: 'x' }, h.ctx);
    assert.equal(created.error?.code, 'rejected');
    assert.equal(await ws.exists('fresh.txt'), false);
    assert.equal(h.changes.length, 0);
  });

  it("writes the user's edited proposal and tells the model what they changed", async () => {
    h.decide = () => ({ decision: 'accepted', finalContent: 'hello from the user\n' });
    const result = await registry.invoke('Write', { path: 'greet.txt', content: 'hello\n' }, h.ctx);
    assert.equal(result.status, 'success');
    assert.equal(await ws.read('greet.txt'), 'hello from the user\n');
    assert.equal((result.data as WriteData).userEdited, true);
    assert.equal((result.data as WriteData).content, 'hello from the user\n');
    assert.match(result.text, /The user edited your proposal before accepting it/);
    assert.match(result.text, /-hello\n\+hello from the user/);
    assert.equal(h.changes[0]?.after, 'hello from the user\n');
  });

  it("keeps an existing file's CRLF line endings", async () => {
    await registry.invoke('Read', { path: 'dos.txt' }, h.ctx);
    await registry.invoke('Write', { path: 'dos.txt', content: 'x\ny\n' }, h.ctx);
    assert.equal(await ws.read('dos.txt'), 'x\r\ny\r\n');
  });

  it('refuses a directory as the target', async () => {
    await ws.write('dir/inner.txt', '');
    const result = await registry.invoke('Write', { path: 'dir', content: 'x' }, h.ctx);
    assert.equal(result.error?.code, 'is_directory');
  });
});
