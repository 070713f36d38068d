import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CurrentConversationFile } from '../../../src/node/currentConversationFile';
import { FileConversationStore } from '../../../src/node/fileConversationStore';

describe('CurrentConversationFile', () => {
  it('is on disk as soon as it is set: a new instance (a reloaded window) reads it back', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-current-')), 'conversations');
    assert.equal(new CurrentConversationFile(dir).get(), undefined, 'never written');
    new CurrentConversationFile(dir).set('c-123');
    assert.equal(new CurrentConversationFile(dir).get(), 'c-123');
    new CurrentConversationFile(dir).set(undefined);
    assert.equal(new CurrentConversationFile(dir).get(), null, 'a new chat is remembered as such, not as unknown');
    assert.deepEqual(fs.readdirSync(dir), ['.current-conversation.json'], 'no temp file left behind');
  });

  it('lives beside the conversations without being taken for one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-current-'));
    new CurrentConversationFile(dir).set('c-1');
    const problems: string[] = [];
    assert.deepEqual(await new FileConversationStore(dir, { onProblem: (p) => problems.push(p) }).list(), []);
    assert.deepEqual(problems, []);
  });

  it('an unreadable file counts as never written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-current-'));
    fs.writeFileSync(path.join(dir, '.current-conversation.json'), '{"id": 4');
    assert.equal(new CurrentConversationFile(dir).get(), undefined);
  });
});
