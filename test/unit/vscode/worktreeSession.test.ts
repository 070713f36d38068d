import '../../support/useFakeVscode';
import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { AgentEvent } from '../../../src/core/events';
import { createIdGenerator } from '../../../src/core/ids';
import { createFullToolRegistry } from '../../../src/core/orchestration/toolSets';
import { BackgroundProcesses } from '../../../src/core/processes/backgroundProcesses';
import { Settings } from '../../../src/core/settings';
import type { Approver } from '../../../src/core/agent/approvalGate';
import { conversationRoot } from '../../../src/core/worktrees/worktreeRecord';
import { NodeProcessLauncher } from '../../../src/node/nodeProcessLauncher';
import { OpenAiModelClient } from '../../../src/node/openaiModelClient';
import { systemClock } from '../../../src/node/systemClock';
import { sessionFactory } from '../../../src/vscode/sessionFactory';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { until } from '../../support/until';
import { newWorktree, useRepoWithStorage } from '../core/worktrees/worktreeKit';

const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: JSON.stringify(args) });

/**
 * Spec §19: everything a worktree conversation does happens in its worktree. The session is built as the extension
 * builds it (sessionFactory), the model asks for every path tool on the user's tree and runs commands: nothing
 * resolves into the user's working tree, which `git status` shows untouched.
 */
describe('a worktree conversation\'s tools stay in its worktree (spec §19)', function () {
  this.timeout(60_000);
  const t = useRepoWithStorage({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n' });
  let server: ScriptedModelServer;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server.close());
  afterEach(() => server.reset());

  it('no path tool reaches the user\'s tree, relative or absolute; commands and background processes run in the worktree', async () => {
    const worktree = await newWorktree(t.repo, t.storage);
    const root = conversationRoot(worktree);
    const main = t.repo.root;
    const escape = path.relative(root, main).split(path.sep).join('/');
    const processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(main, { env: process.env }), clock: systemClock, maxRunning: () => 5 });
    const settings = Settings.parse({ model: { baseUrl: server.baseUrl, name: 'scripted-model', toolProtocol: 'native' }, approval: { autoApproveEdits: true, autoApproveCommands: true } });
    const asked: string[] = [];
    const approver: Approver = { request: async (request) => (asked.push(request.kind), { decision: 'rejected', feedback: 'not in this test' }) };
    const createSession = sessionFactory({
      shared: { model: () => new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: undefined }), settings: () => settings, newId: createIdGenerator(Date.now, 't') },
      settings: () => settings,
      workspaceRoot: () => main,
      tools: (language) => createFullToolRegistry([], { language, processes }),
      languageAt: () => ({ tools: [], decorate: (tool) => tool }),
      approver: { ...approver, forRoot: () => approver },
      wrapFs: (fs) => fs,
    });
    const session = createSession(undefined, () => {}, worktree);
    assert.equal(session.workspaceFs.root, root);

    const mainPaths = [`${main}/src/a.ts`, `${escape}/src/a.ts`, `../${path.basename(main)}/src/a.ts`];
    server.enqueue(
      { toolCalls: [
        call('r1', 'Read', { path: 'src/a.ts' }),
        ...mainPaths.map((p, i) => call(`r-main-${i}`, 'Read', { path: p })),
        call('ls', 'LS', { path: main }),
        call('glob', 'Glob', { pattern: '**/*.ts', path: `${main}/src` }),
        call('grep', 'Grep', { pattern: 'export', path: `${main}/src` }),
      ] },
      { toolCalls: [
        call('w1', 'Write', { path: 'src/a.ts', content: 'export const a = 2;\n' }),
        ...mainPaths.map((p, i) => call(`w-main-${i}`, 'Write', { path: p, content: 'clobbered\n' })),
        call('e-main', 'Edit', { path: `${main}/src/b.ts`, old_string: 'b = 1', new_string: 'b = 9' }),
        call('me-main', 'MultiEdit', { path: `${escape}/src/b.ts`, edits: [{ old_string: 'b = 1', new_string: 'b = 9' }] }),
        call('pwd', 'Bash', { command: 'pwd; echo made > made-by-bash.txt' }),
        call('bg', 'Bash', { command: 'pwd > bg-pwd.txt', run_in_background: true }),
      ] },
      { text: 'Done.' },
    );
    const results = new Map<string, Extract<AgentEvent, { type: 'toolResult' }>>();
    await session.send('Change a to 2', (event) => {
      if (event.type === 'toolResult') results.set(event.callId, event);
    });

    const failed = (id: string) => assert.equal(results.get(id)?.status, 'error', `${id}: ${JSON.stringify(results.get(id))}`);
    assert.equal(results.get('r1')?.status, 'success');
    [...mainPaths.map((_, i) => `r-main-${i}`), 'ls', 'glob', 'grep', ...mainPaths.map((_, i) => `w-main-${i}`), 'e-main', 'me-main'].forEach(failed);
    assert.equal(results.get('w1')?.status, 'success');
    assert.equal(await t.repo.read('src/a.ts', root), 'export const a = 2;\n');
    assert.match(results.get('pwd')!.summary, new RegExp(await fsp.realpath(root)));
    await until(() => existsSync(path.join(root, 'bg-pwd.txt')), { message: 'the background command ran' });
    assert.equal((await t.repo.read('bg-pwd.txt', root)).trim(), await fsp.realpath(root));
    assert.ok(existsSync(path.join(root, 'made-by-bash.txt')));

    // The user's tree: exactly as it was.
    assert.equal(await t.repo.read('src/a.ts'), 'export const a = 1;\n');
    assert.equal(await t.repo.read('src/b.ts'), 'export const b = 1;\n');
    assert.equal(t.repo.status(), '');
    assert.deepEqual(asked, [], 'nothing needed asking: edits and commands were auto-approved');
    assert.match(session.toConversation([]).worktree?.branch ?? '', /^codeagent\//);
    await processes.stopAll();
  });
});
