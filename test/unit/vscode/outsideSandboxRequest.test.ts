import { strict as assert } from 'node:assert';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { outsideSandboxRequest } from '../../../src/vscode/outsideSandboxRequest';

const bashCard = (id: string, command: string, sandboxed: boolean): TranscriptEntry => ({
  id, kind: 'tool-call', text: '', turnId: 't1',
  meta: { name: 'Bash', params: { command }, result: '$ npm test', detail: { exitCode: 1, ...(sandboxed ? { sandboxed: true } : {}) } },
});

describe('Run outside sandbox (spec §18)', () => {
  const entries: TranscriptEntry[] = [
    bashCard('c1', 'curl https://example.com', true),
    bashCard('c2', 'rm -rf build', false),
    { id: 'u1', kind: 'user', text: 'hello', meta: { params: { command: 'ls' }, detail: { sandboxed: true } } },
  ];

  it('asks the agent for the same command with sandbox: false, from a sandboxed Bash card of this conversation', () => {
    const text = outsideSandboxRequest(entries, 'c1');
    assert.ok(text?.includes('sandbox: false'));
    assert.ok(text?.includes('curl https://example.com'));
  });

  it('asks for nothing from a card that did not run sandboxed, another kind of entry, or an unknown id', () => {
    assert.equal(outsideSandboxRequest(entries, 'c2'), undefined);
    assert.equal(outsideSandboxRequest(entries, 'u1'), undefined);
    assert.equal(outsideSandboxRequest(entries, 'nope'), undefined);
  });
});
