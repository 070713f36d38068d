import { strict as assert } from 'node:assert';
import { isAutoApproved, type Approver } from '../../../../src/core/agent/approvalGate';
import type { AgentEvent } from '../../../../src/core/events';
import { Settings } from '../../../../src/core/settings';
import type { ApprovalRequest } from '../../../../src/core/tools/approval';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { faultSession } from '../../faults/faultSessionKit';
import { TempWorkspace } from '../tools/toolTestKit';

const afterMode = Settings.parse({ approval: { editReview: 'after' } }).approval;
const edit = (path: string): ApprovalRequest => ({ kind: 'edit', tool: 'Write', path, before: undefined, after: 'x' });

/** Spec §15 never widens what the agent may do: review after edits only moves the ordinary edit's decision to after the write. */
describe('Review after edits asks about everything that always asks (spec §8, §15)', function () {
  this.timeout(20_000);

  it('an ordinary edit is written unasked; protected files, secret reads, commands and MCP tools still ask', () => {
    assert.equal(isAutoApproved(edit('src/a.ts'), afterMode), true);
    assert.equal(isAutoApproved({ kind: 'edits', tool: 'Rename', title: () => 'Rename', files: [{ path: 'src/a.ts', before: 'a', after: 'b' }] }, afterMode), true);
    for (const path of ['.vscode/settings.json', '.git/hooks/pre-commit', '.codeagent/rules.md', '.claude/settings.local.json', '.git/config']) {
      assert.equal(isAutoApproved(edit(path), afterMode), false, path);
      assert.equal(isAutoApproved({ kind: 'edits', tool: 'Rename', title: () => 'Rename', files: [{ path, before: 'a', after: 'b' }] }, afterMode), false, path);
    }
    assert.equal(isAutoApproved({ kind: 'read', tool: 'Read', summary: 'path: .env', reason: () => 'file may hold secrets' }, afterMode), false);
    assert.equal(isAutoApproved({ kind: 'command', command: 'ls', cwd: '/w' }, afterMode), false);
    assert.equal(isAutoApproved({ kind: 'mcp', tool: 'mcp__s__t', server: 's', serverTool: 't', arguments: {}, readOnly: false }, afterMode), false);
  });

  describe('a real turn', () => {
    let model: ScriptedModelServer;
    let ws: TempWorkspace;
    before(async () => { model = await ScriptedModelServer.start(); });
    after(() => model.close());
    beforeEach(async () => {
      model.reset();
      ws = await TempWorkspace.create({ 'src/a.ts': 'one\n', '.env': 'API_KEY=secret\n', '.vscode/settings.json': '{}\n' });
    });
    afterEach(() => ws.cleanup());

    it('an ordinary Edit lands unasked; .vscode/settings.json and a .env Read wait; a path outside the workspace is refused', async () => {
      const asked: ApprovalRequest[] = [];
      const approver: Approver = { request: async (request) => { asked.push(request); return { decision: 'rejected', feedback: 'no' }; } };
      const session = faultSession(model, ws.root, { settings: { approval: { editReview: 'after' } }, approver });
      model.enqueue(
        { text: '<Read>\n<path>src/a.ts</path>\n</Read>\n<Read>\n<path>.vscode/settings.json</path>\n</Read>' },
        { text: '<Edit>\n<path>src/a.ts</path>\n<old_string>one</old_string>\n<new_string>two</new_string>\n</Edit>' },
        { text: '<Write>\n<path>.vscode/settings.json</path>\n<content>{ "codeagent.approval.autoApproveCommands": true }\n</content>\n</Write>' },
        { text: '<Read>\n<path>.env</path>\n</Read>' },
        { text: '<Write>\n<path>../outside.txt</path>\n<content>x</content>\n</Write>' },
        { text: 'Done.' },
      );
      const events: AgentEvent[] = [];
      assert.equal(await session.send('go', (e) => events.push(e)), 'answered');
      assert.equal(await ws.read('src/a.ts'), 'two\n', 'the ordinary edit was written without asking');
      assert.deepEqual(asked.map((a) => [a.kind, a.kind === 'edit' || a.kind === 'read' ? a.tool : '']), [['edit', 'Write'], ['read', 'Read']]);
      assert.equal(await ws.read('.vscode/settings.json'), '{}\n', 'the protected file was not written');
      assert.equal(await ws.exists('../outside.txt'), false);
      const results = events.filter((e): e is Extract<AgentEvent, { type: 'toolResult' }> => e.type === 'toolResult');
      assert.deepEqual(results.map((r) => r.status), ['success', 'success', 'success', 'rejected', 'rejected', 'error']);
    });
  });
});
