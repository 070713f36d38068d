import { strict as assert } from 'node:assert';
import { preprocessUserInput } from '../../../../src/core/mentions/inputPreprocessor';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';

describe('preprocessUserInput', () => {
  let ws: TempWorkspace;
  let fs: NodeWorkspaceFs;

  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'src/utils/auth.ts': 'export const auth = 1;\n', 'src/a.ts': 'a\n' });
    fs = new NodeWorkspaceFs(ws.root);
  });
  afterEach(() => ws.cleanup());

  it('leaves text without mentions untouched', async () => {
    const result = await preprocessUserInput('hello, me@example.com @nobody', fs);
    assert.deepEqual(result, { modelText: 'hello, me@example.com @nobody', mentions: [], mentionOccurrences: [], reminderText: '', contextFiles: [], warnings: [] });
  });

  it('appends the reminder to the user text after a blank line, without file content', async () => {
    const text = 'Why does @src/utils/auth.ts fail?';
    const result = await preprocessUserInput(text, fs);
    const reminder = '<system-reminder>\nThe user mentioned @src/utils/auth.ts.\nYou MUST read this file with the Read tool before answering.\n</system-reminder>';
    assert.equal(result.reminderText, reminder);
    assert.equal(result.modelText, `${text}\n\n${reminder}`);
    assert.ok(!result.modelText.includes('export const auth'));
    assert.deepEqual(result.mentions, [{ path: 'src/utils/auth.ts', kind: 'file', start: 9, end: 27 }]);
  });

  it('reminds of the first five mentions and counts the sixth, while every mention is a chip', async () => {
    for (const name of ['b', 'c', 'd', 'e', 'f']) await ws.write(`src/${name}.ts`, `${name}\n`);
    const result = await preprocessUserInput('@src/a.ts @src/b.ts @src/c.ts @src/d.ts @src/e.ts @src/f.ts @src/a.ts', fs);
    assert.equal(result.mentions.length, 6);
    assert.equal(result.mentionOccurrences.length, 7);
    assert.equal(result.reminderText.match(/<system-reminder>/g)?.length, 5);
    assert.ok(result.modelText.endsWith('</system-reminder>\n(and 1 more…)'));
  });

  it('puts the smart-context block after the text and the reminders last', async () => {
    const text = 'Compare @file:auth.ts with @src/a.ts and @file:zzz';
    const result = await preprocessUserInput(text, fs);
    const context = '<Context>\n<File path="src/utils/auth.ts"><![CDATA[export const auth = 1;\n]]></File>\n<Warning>No file matches @file:zzz</Warning>\n</Context>';
    assert.equal(result.modelText, `${text}\n\n${context}\n\n${result.reminderText}`);
    assert.deepEqual(result.mentions.map((m) => m.path), ['src/a.ts']);
    assert.deepEqual(result.contextFiles, ['src/utils/auth.ts']);
    assert.deepEqual(result.warnings, ['No file matches @file:zzz']);
  });
});
