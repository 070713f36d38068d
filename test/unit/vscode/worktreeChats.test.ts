import '../../support/useFakeVscode';
import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { HostMessage } from '../../../src/protocol/messages';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { tempDir } from '../../support/gitRepos';
import { until } from '../../support/until';
import { useRepoWithStorage } from '../core/worktrees/worktreeKit';
import { worktreeController } from './worktreeKit';

const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: JSON.stringify(args) });
/** A turn that reads src/a.ts and writes `content` into it. */
const editA = (content: string) => [
  { toolCalls: [call(`r${content.length}`, 'Read', { path: 'src/a.ts' })] },
  { toolCalls: [call(`w${content.length}`, 'Write', { path: 'src/a.ts', content })] },
  { text: 'Changed.' },
];
const changesEntries = (posted: HostMessage[]) => posted.flatMap((m) => (m.type === 'entryAdded' || m.type === 'entryUpdated') && m.entry.kind === 'changes' ? [m.entry] : []);

describe('worktree conversations in a chat view (spec §19)', function () {
  this.timeout(30_000);
  const t = useRepoWithStorage({ 'src/a.ts': 'export const a = 1;\n' });
  let server: ScriptedModelServer;
  let storeDir: string;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server.close());
  beforeEach(async () => {
    storeDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-store-'));
  });
  afterEach(async () => {
    server.reset();
    await fsp.rm(storeDir, { recursive: true, force: true });
  });

  it('edits in its worktree; Apply brings the change as unstaged, listed in a changes entry whose Revert acts on the user\'s tree; a reload keeps it', async () => {
    const last: { id?: string } = {};
    const view = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last });
    await view.c.newChatInWorktree();
    const bar = await view.bar((v) => v?.state === 'ready');
    assert.match(bar!.branch, /^codeagent\//);
    assert.equal((await view.store.list())[0]?.branch, bar!.branch, 'stored at once, listed with its branch');

    server.enqueue(...editA('export const a = 2;\n'));
    await view.c.send('set a to 2');
    assert.equal(await t.repo.read('src/a.ts', bar!.path), 'export const a = 2;\n');
    assert.equal(await t.repo.read('src/a.ts'), 'export const a = 1;\n');
    assert.equal(t.repo.status(), '', 'the user\'s tree is untouched until Apply');

    const index = t.repo.indexState();
    view.c.handle({ type: 'worktreeAction', action: 'apply' });
    await until(() => changesEntries(view.posted).some((e) => e.meta?.applied), { message: 'the Apply\'s changes entry' });
    const entry = changesEntries(view.posted).find((e) => e.meta?.applied) as TranscriptEntry;
    assert.equal(await t.repo.read('src/a.ts'), 'export const a = 2;\n');
    assert.equal(t.repo.status(), ' M src/a.ts\n');
    assert.equal(t.repo.indexState(), index);
    assert.deepEqual((entry.meta!.changes as { path: string }[]).map((c) => c.path), ['src/a.ts']);
    await view.bar((v) => v?.state === 'ready' && v.working === undefined);

    // Revert of the applied row puts the user's file back, not the worktree's.
    view.c.handle({ type: 'revertChange', turnId: entry.turnId!, path: 'src/a.ts' });
    await until(async () => (await t.repo.read('src/a.ts')) === 'export const a = 1;\n', { message: 'the user\'s file reverted' });
    assert.equal(await t.repo.read('src/a.ts', bar!.path), 'export const a = 2;\n');
    await view.c.flush();

    // A reload: the conversation comes back with its worktree, its tools still rooted there.
    const reloaded = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last });
    reloaded.c.handle({ type: 'ready' });
    const again = await reloaded.bar((v) => v?.state === 'ready');
    assert.equal(again?.branch, bar!.branch);
    server.enqueue(...editA('export const a = 3;\n'));
    await reloaded.c.send('now 3');
    assert.equal(await t.repo.read('src/a.ts', bar!.path), 'export const a = 3;\n');
    assert.equal(await t.repo.read('src/a.ts'), 'export const a = 1;\n');
  });

  it('two worktree conversations change the same line: applying the second reports the conflict, nothing lost', async () => {
    const views = [0, 1].map(() => worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last: {} }));
    for (const view of views) await view.c.newChatInWorktree();
    const bars = await Promise.all(views.map((view) => view.bar((v) => v?.state === 'ready')));
    assert.notEqual(bars[0]!.path, bars[1]!.path);
    server.enqueue(...editA('export const a = "first";\n'));
    await views[0]!.c.send('first');
    server.enqueue(...editA('export const a = "second";\n'));
    await views[1]!.c.send('second');
    for (const view of views) {
      view.c.handle({ type: 'worktreeAction', action: 'apply' });
      await until(() => changesEntries(view.posted).some((e) => e.meta?.applied), { message: 'applied' });
    }
    const second = changesEntries(views[1]!.posted).find((e) => e.meta?.applied)!;
    const applied = second.meta!.applied as { conflicts: { path: string; reason: string; diff?: string }[] };
    assert.deepEqual(applied.conflicts.map((c) => [c.path, c.reason]), [['src/a.ts', 'content']]);
    assert.match(applied.conflicts[0]!.diff!, /\+export const a = "second";/);
    const text = await t.repo.read('src/a.ts');
    assert.match(text, /export const a = "first";/);
    assert.match(text, /export const a = "second";/);
    assert.match(views[1]!.ui.warnings.join('\n'), /conflicted/);
  });

  it('Discard asks, then removes the worktree and its branch; the conversation then says its worktree is gone and sends nothing', async () => {
    const view = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last: {} });
    await view.c.newChatInWorktree();
    const bar = (await view.bar((v) => v?.state === 'ready'))!;
    view.ui.answer = false;
    await view.c.handle({ type: 'worktreeAction', action: 'discard' });
    await until(() => view.ui.confirms.length === 1);
    assert.ok(existsSync(bar.path), 'declined: kept');
    view.ui.answer = true;
    view.c.handle({ type: 'worktreeAction', action: 'discard' });
    await view.bar((v) => v?.state === 'missing');
    assert.equal(existsSync(bar.path), false);
    assert.equal(t.repo.git('branch', '--list', bar.branch), '');
    const requests = server.requests.length;
    await view.c.send('anything');
    assert.equal(server.requests.length, requests, 'no request: the conversation has nowhere to work');
    assert.ok(view.posted.some((m) => (m.type === 'entryAdded') && m.entry.kind === 'error' && /is gone/.test(m.entry.text)));
  });

  it('a worktree deleted behind the conversation\'s back is reported, not crashed on', async () => {
    const view = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last: {} });
    await view.c.newChatInWorktree();
    const bar = (await view.bar((v) => v?.state === 'ready'))!;
    await fsp.rm(bar.path, { recursive: true, force: true });
    view.c.handle({ type: 'ready' });
    assert.equal((await view.bar((v) => v?.state === 'missing'))?.branch, bar.branch);
  });

  it('Open in New Window opens the conversation\'s folder of the worktree', async () => {
    const view = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last: {} });
    await view.c.newChatInWorktree();
    const bar = (await view.bar((v) => v?.state === 'ready'))!;
    view.c.handle({ type: 'worktreeAction', action: 'openWindow' });
    await until(() => view.ui.opened.length === 1);
    assert.deepEqual(view.ui.opened, [bar.path]);
  });

  it('in Restricted Mode there is no worktree: git would read the untrusted repository\'s configuration', async () => {
    const view = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last: {}, trusted: false });
    await view.c.newChatInWorktree();
    assert.match(view.ui.warnings.join('\n'), /Restricted Mode/);
    assert.equal(t.repo.git('worktree', 'list').trim().split('\n').length, 1);
    assert.equal(t.repo.git('branch', '--list', 'codeagent/*'), '');
  });

  it('outside a git repository the command says why and nothing changes', async () => {
    const plain = await tempDir('codeagent-plain-');
    try {
      const view = worktreeController({ server, folder: plain, storage: t.storage, storeDir, last: {} });
      const before = view.c.conversationId;
      await view.c.newChatInWorktree();
      assert.match(view.ui.warnings.join('\n'), /not in a git repository/);
      assert.equal(view.c.conversationId, before);
    } finally {
      await fsp.rm(plain, { recursive: true, force: true });
    }
  });
});

describe('a new worktree\'s setup (spec §19)', function () {
  this.timeout(30_000);
  const t = useRepoWithStorage({ 'src/a.ts': 'export const a = 1;\n', '.gitignore': '.env\nconfig/*.local.json\nnode_modules/\n' });
  let server: ScriptedModelServer;
  let storeDir: string;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server.close());
  beforeEach(async () => {
    storeDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-store-'));
  });
  afterEach(async () => {
    server.reset();
    await fsp.rm(storeDir, { recursive: true, force: true });
  });

  it('worktree.setupCommand runs once in the worktree, asked like any command (a Bash card); a message sent meanwhile runs after it', async () => {
    const view = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last: {}, settings: { worktree: { setupCommand: 'echo ready > setup-ran.txt' } } });
    const starting = view.c.newChatInWorktree();
    const approval = async () => {
      await until(() => view.posted.some((m) => m.type === 'entryAdded' && m.entry.kind === 'approval'), { message: 'the setup command\'s approval' });
      return view.posted.flatMap((m) => (m.type === 'entryAdded' && m.entry.kind === 'approval' ? [m.entry] : []))[0]!;
    };
    const card = await approval();
    assert.match(card.text, /echo ready > setup-ran\.txt/);
    server.enqueue({ text: 'Hello from the worktree.' });
    await view.c.send('hi');
    assert.equal(server.requests.length, 0, 'the message waits for the setup');
    assert.ok(view.approvals.decide(card.meta!.callId as string, { decision: 'accepted' }));
    await starting;
    await until(() => server.requests.length === 1, { message: 'the queued message ran after the setup' });
    const bar = (await view.bar((v) => v?.state === 'ready'))!;
    assert.equal((await t.repo.read('setup-ran.txt', bar.path)).trim(), 'ready');
    assert.equal(existsSync(path.join(t.repo.root, 'setup-ran.txt')), false);
    assert.ok(view.posted.some((m) => m.type === 'entryAdded' && m.entry.kind === 'tool-call' && m.entry.meta?.name === 'Bash'));
  });

  it('worktree.copyFiles copies ignored files; a file that may hold secrets only when the user allows it', async () => {
    await t.repo.write({ '.env': 'API_KEY=secret\n', 'config/dev.local.json': '{"port": 1}\n', 'node_modules/x/index.js': 'x\n' });
    const view = worktreeController({ server, folder: t.repo.root, storage: t.storage, storeDir, last: {}, settings: { worktree: { copyFiles: ['.env', 'config/*.local.json'] } } });
    view.ui.answer = false;
    await view.c.newChatInWorktree();
    const bar = (await view.bar((v) => v?.state === 'ready'))!;
    assert.equal(await t.repo.read('config/dev.local.json', bar.path), '{"port": 1}\n');
    assert.equal(existsSync(path.join(bar.path, '.env')), false, 'declined: the secret stays behind');
    assert.equal(existsSync(path.join(bar.path, 'node_modules')), false, 'only what the globs name');
    assert.match(view.ui.confirms.join('\n'), /secrets/);

    view.ui.answer = true;
    await view.c.newChatInWorktree();
    const second = (await view.bar((v) => v?.state === 'ready' && v.path !== bar.path))!;
    assert.equal(await t.repo.read('.env', second.path), 'API_KEY=secret\n');
    assert.equal(t.repo.status(), '');
  });
});
