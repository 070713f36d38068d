import { strict as assert } from 'node:assert';
import { refusalsInOutput, sandboxNote } from '../../../../src/core/tools/sandboxReport';

describe('what the model reads about a sandboxed command (spec §18)', () => {
  const stderr = [
    '/usr/bin/bash: line 1: /home/me/escaped.txt: Read-only file system',
    'cat: /home/me/.ssh/id_rsa: No such file or directory',
    'cat: .env.local: No such file or directory',
    'cat: notes.txt: No such file or directory',
    "curl: (7) Failed to connect to 127.0.0.1 port 4000 after 0 ms: Couldn't connect to server",
  ].join('\n');

  it('names each refused write, each hidden secret read and the refused network, and not an ordinary missing file', () => {
    const found = refusalsInOutput(stderr);
    assert.ok(found.includes('write or read refused: /home/me/escaped.txt'), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('read refused: /home/me/.ssh/id_rsa')), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('read refused: .env.local')), found.join('\n'));
    assert.ok(!found.some((line) => line.includes('notes.txt')), 'an ordinary missing file is not the sandbox');
    assert.ok(found.some((line) => line.startsWith('network refused:')), found.join('\n'));
  });

  it('says it was the sandbox and how to leave it, only when the command failed or the runtime reported', () => {
    const note = sandboxNote([], stderr, true, 'writes only inside /w');
    assert.match(note ?? '', /^The sandbox blocked this command:/);
    assert.match(note ?? '', /sandbox: false/);
    assert.equal(sandboxNote([], stderr, false, 'writes only inside /w'), undefined, 'a command that succeeded blocked nothing the model needs to hear of');
    assert.match(sandboxNote(['network: example.com'], '', false, undefined) ?? '', /example\.com/);
  });
});
