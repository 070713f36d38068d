// Restricted Mode where VS Code's trust state is read (docs/security.md): the settings reader, the MCP servers'
// approval and the workspace hooks each read `vscode.workspace.isTrusted` themselves; each read, replaced by `true`,
// fails a test here. The real reads run against a fake `vscode` (test/support/fakeVscode.ts).
import '../../support/useFakeVscode';
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { McpServerConfig } from '../../../src/core/mcp/mcpServerConfig';
import type { TrustStore } from '../../../src/core/ports/trustStore';
import { Settings } from '../../../src/core/settings';
import { restrictedModeReason } from '../../../src/core/trust/mcpServerTrust';
import { watchWorkspaceHooks } from '../../../src/vscode/hooks/workspaceHooks';
import { createSettingsReader } from '../../../src/vscode/settingsReader';
import { McpServerApproval } from '../../../src/vscode/trust/mcpServerApproval';
import { changeFakeSettings, fakeVscodeState, grantFakeWorkspaceTrust, resetFakeVscode } from '../../support/fakeVscode';
import { until } from '../../support/until';

/** Everything was allowed before: only Restricted Mode can keep the workspace's configuration out. */
const allowedBefore: TrustStore = { isAllowed: () => true, allow: async () => {} };
const output = { info: () => {}, warn: () => {} } as never;

describe('Restricted Mode where VS Code\'s trust state is read', function () {
  this.timeout(10_000);
  beforeEach(resetFakeVscode);

  it('settings: the workspace\'s endpoint and approval values are not read, even allowed before; trusted, they are', () => {
    fakeVscodeState.settings = {
      'codeagent.model.baseUrl': { globalValue: 'http://127.0.0.1:1/user/v1', workspaceValue: 'http://127.0.0.1:2/repo/v1' },
      'codeagent.approval.autoApproveReadOnly': { defaultValue: true, workspaceValue: false },
    };
    const ignored: Array<[string, string]> = [];
    const settings = createSettingsReader(() => {}, { store: allowedBefore, onEndpointIgnored: (key, skipped) => ignored.push([key, skipped.reason]) }, []);
    assert.equal(settings().model.baseUrl, 'http://127.0.0.1:1/user/v1');
    assert.equal(settings().approval.autoApproveReadOnly, true, 'not even a tightening is read from an untrusted workspace');
    assert.deepEqual(ignored[0], ['model.baseUrl', 'restrictedMode']);

    grantFakeWorkspaceTrust();
    assert.equal(settings().model.baseUrl, 'http://127.0.0.1:2/repo/v1');
    assert.equal(settings().approval.autoApproveReadOnly, false);
  });

  it('settings are read once and kept until the settings, the workspace trust or an allowed endpoint change; the kept ones cannot be changed', async () => {
    fakeVscodeState.trusted = true;
    fakeVscodeState.settings = { 'codeagent.model.name': { globalValue: 'first' }, 'codeagent.model.baseUrl': { globalValue: 'http://127.0.0.1:1/user/v1', workspaceValue: 'http://127.0.0.1:2/repo/v1' } };
    const allowed = new Set<string>();
    const listeners = new Set<() => void>();
    const store: TrustStore = {
      isAllowed: (subject) => allowed.has(subject.definition),
      allow: async (subject) => {
        allowed.add(subject.definition);
        for (const listener of listeners) listener();
      },
      onAllowed: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    };
    const subscriptions: Array<{ dispose(): unknown }> = [];
    const settings = createSettingsReader(() => {}, { store, onEndpointIgnored: () => {} }, subscriptions);
    const first = settings();
    assert.equal(first.model.name, 'first');
    assert.equal(settings(), first, 'the same settings, not read again');
    assert.throws(() => {
      (first.model as { name: string }).name = 'changed by a reader';
    }, TypeError);
    // A settings file changes.
    changeFakeSettings({ ...fakeVscodeState.settings, 'codeagent.model.name': { globalValue: 'second' } });
    assert.equal(settings().model.name, 'second');
    // The user allows the workspace's endpoint.
    assert.equal(settings().model.baseUrl, 'http://127.0.0.1:1/user/v1');
    await store.allow({ kind: 'endpoint', name: 'model.baseUrl', definition: 'http://127.0.0.1:2/repo/v1' });
    assert.equal(settings().model.baseUrl, 'http://127.0.0.1:2/repo/v1');
    for (const subscription of subscriptions) subscription.dispose();
  });

  it('MCP: a server of .vscode/mcp.json does not start, even allowed before, and nothing offers to start it; trusted, it starts', async () => {
    const fromWorkspace: McpServerConfig = { name: 'repo', source: '.vscode/mcp.json', transport: 'stdio', command: 'node', args: ['server.js'], env: {} };
    const own: McpServerConfig = { ...fromWorkspace, name: 'mine', source: 'settings' };
    let reloads = 0;
    const approval = new McpServerApproval(allowedBefore, output, () => reloads++);
    const restricted = approval.partition([fromWorkspace, own]);
    assert.deepEqual(restricted.start.map((s) => s.name), ['mine']);
    assert.deepEqual(restricted.blocked.map((s) => [s.name, s.reason]), [['repo', restrictedModeReason()]]);
    await approval.allow('repo');
    assert.equal(reloads, 0, 'Allow in its row starts nothing');
    assert.deepEqual(fakeVscodeState.warnings.map((w) => w.items), [[]], 'only the Restricted Mode warning, no Allow prompt');

    fakeVscodeState.trusted = true;
    assert.deepEqual(approval.partition([fromWorkspace, own]).start.map((s) => s.name), ['repo', 'mine']);
  });

  describe('hooks', () => {
    let root: string;
    let home: string;
    const savedHome = process.env.HOME;
    beforeEach(async () => {
      root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-restricted-'));
      home = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-home-'));
      process.env.HOME = home;
      await fsp.mkdir(path.join(root, '.claude'));
      await fsp.writeFile(path.join(root, '.claude', 'settings.json'), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo ran > hook-ran.txt' }] }] } }));
    });
    afterEach(async () => {
      process.env.HOME = savedHome;
      await fsp.rm(root, { recursive: true, force: true });
      await fsp.rm(home, { recursive: true, force: true });
    });

    it('the workspace\'s hooks do not run, even allowed before, and nothing asks to run them; trusted, they run', async () => {
      const ran = path.join(root, 'hook-ran.txt');
      const told: string[] = [];
      const hooks = watchWorkspaceHooks({ workspaceRoot: root, settings: () => Settings.parse({}), trust: allowedBefore, output, secrets: () => [], tell: (m) => told.push(m) });
      try {
        await hooks.dispatcher.run('UserPromptSubmit', 'session-1', { prompt: 'hello' });
        await assert.rejects(fsp.stat(ran), 'the hook did not run');
        assert.deepEqual(fakeVscodeState.warnings, [], 'no prompt to run them');

        fakeVscodeState.trusted = true;
        await hooks.dispatcher.run('UserPromptSubmit', 'session-1', { prompt: 'hello' });
        await until(async () => (await fsp.readFile(ran, 'utf8').catch(() => '')) === 'ran\n', { message: 'the hook ran once trusted' });
        assert.deepEqual(told, []);
      } finally {
        for (const disposable of hooks.disposables) disposable.dispose();
      }
    });
  });
});
