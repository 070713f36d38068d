import { strict as assert } from 'node:assert';
import { alwaysAskReason, describeApproval, isAutoApproved } from '../../../../src/core/agent/approvalGate';
import type { CommandSandbox, SandboxedCommand, SandboxStatus } from '../../../../src/core/ports/commandSandbox';
import { defaultSettings } from '../../../../src/core/settings';
import { resultDetail } from '../../../../src/core/agent/toolResultView';
import type { BashData } from '../../../../src/core/tools/bashTool';
import { sandboxHarness, SandboxPlace } from '../../node/sandbox/sandboxKit';
import { english, type UserText } from '../../../../src/core/ports/translator';

/** A sandbox that says it is ready and does what the test says when a command is wrapped. */
function scriptedSandbox(wrap: (command: string) => Promise<SandboxedCommand>, status: SandboxStatus = { state: 'ready', policy: 'test policy' }): CommandSandbox & { wrapped: string[] } {
  const wrapped: string[] = [];
  return { wrapped, status: async () => status, wrap: (command) => (wrapped.push(command), wrap(command)) };
}

// Spec §18 without a real sandbox: which commands ask, and that none runs bare unasked.
describe('sandbox approvals: inside runs unasked, leaving always asks', function () {
  this.timeout(15_000);
  let place: SandboxPlace;
  beforeEach(async () => (place = await SandboxPlace.create()));
  afterEach(() => place.cleanup());

  it('the gate: sandboxed is auto-approved; outsideSandbox asks whatever the settings; unavailable asks as before', () => {
    const approval = { ...defaultSettings().approval, autoApproveCommands: true, commandAllowList: ['npm test'] };
    const base = { kind: 'command' as const, command: 'npm test', cwd: '/w' };
    assert.equal(isAutoApproved({ ...base, sandboxed: true }, defaultSettings().approval), true);
    assert.equal(isAutoApproved({ ...base, outsideSandbox: () => 'the model asked' }, approval), false);
    assert.equal(isAutoApproved({ ...base, sandboxed: true, outsideSandbox: () => 'the sandbox failed' }, approval), false);
    assert.equal(isAutoApproved({ ...base, sandboxUnavailable: () => 'no bwrap' }, approval), true, 'the user auto-approves commands: as before');
    assert.equal(isAutoApproved({ ...base, sandboxUnavailable: () => 'no bwrap' }, defaultSettings().approval), false);
    const outside: UserText = (l10n) => l10n.t('Outside the sandbox: the model asked to run it outside the sandbox.');
    assert.equal(alwaysAskReason({ ...base, outsideSandbox: outside }), outside);
    assert.match(describeApproval({ ...base, outsideSandbox: outside }), /\n\nOutside the sandbox: the model asked/);
    assert.match(describeApproval({ ...base, sandboxUnavailable: (l10n) => l10n.t('Not sandboxed: no sandbox is available ({0}).', 'bwrap not found') }), /\n\nNot sandboxed: no sandbox is available \(bwrap not found\)/);
  });

  it('a sandbox that fails to start for a command makes it ask, even with commands auto-approved; rejected, nothing runs', async () => {
    const sandbox = scriptedSandbox(async () => { throw new Error('bwrap: setting up uid map: Permission denied'); });
    const h = sandboxHarness(place, { sandbox, approval: { autoApproveCommands: true } });
    h.decide = () => ({ decision: 'rejected' });
    const result = await h.bash({ command: 'echo ran > ran.txt' });
    assert.equal(sandbox.wrapped.length, 1);
    assert.equal(h.asked.length, 1, 'the user was asked');
    const asked = h.asked[0]!;
    assert.match(asked.kind === 'command' ? asked.outsideSandbox?.(english) ?? '' : '', /the sandbox could not start for it \(bwrap: setting up uid map/);
    assert.equal(result.error?.code, 'rejected');
    await assert.rejects(import('node:fs/promises').then((fs) => fs.access(`${place.ws}/ran.txt`)), 'nothing ran');
  });

  it('a sandbox that fails to start runs the command bare only once the user accepted', async () => {
    const sandbox = scriptedSandbox(async () => { throw new Error('no user namespaces'); });
    const h = sandboxHarness(place, { sandbox });
    const result = await h.bash({ command: 'echo ran' });
    assert.equal(h.asked.length, 1);
    assert.equal(result.status, 'success', result.text);
    assert.equal((result.data as BashData).sandboxed, undefined);
  });

  it('the wrapped line is what runs, and what the sandbox reported blocking reaches the model', async () => {
    let released = 0;
    const sandbox = scriptedSandbox(async (command) => ({
      line: `echo "[confined] ${command}"; echo "x: Read-only file system" >&2; exit 1`,
      blocked: () => ['deny network-outbound evil.example:443 (host is not on the allow list)'],
      release: () => released++,
    }));
    const h = sandboxHarness(place, { sandbox });
    const result = await h.bash({ command: 'curl https://evil.example' });
    assert.deepEqual(h.asked, []);
    assert.equal((result.data as BashData).stdout, '[confined] curl https://evil.example\n');
    assert.equal(released, 1, 'released once the command exited');
    assert.match(result.text, /The sandbox blocked this command:\n- deny network-outbound evil\.example:443 .*\n- write or read refused: x\n/);
    assert.match(result.text, /test policy/);
    assert.equal(resultDetail('Bash', result)?.sandboxed, true, 'the card says sandboxed');
  });

  it('sandbox off: commands ask as before, and nothing is wrapped', async () => {
    const sandbox = scriptedSandbox(async () => { throw new Error('not called'); }, { state: 'off' });
    const h = sandboxHarness(place, { sandbox });
    await h.bash({ command: 'true' });
    assert.equal(sandbox.wrapped.length, 0);
    assert.deepEqual(h.asked, [{ kind: 'command', command: 'true', cwd: place.ws }]);
  });
});
