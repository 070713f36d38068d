import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultCommandDenyList } from '../../../../src/core/commandJudgment/defaultDenyList';
import { judgeCommand } from '../../../../src/core/commandJudgment/judgeCommand';
import { testShellParser } from '../../../support/shellParserForTests';
import { hostileCorpus, readOnlyCorpus } from './hostileCommandCorpus';

const parser = testShellParser();

/** The folder the lines are parsed in: globs expand against real names, `-delete` among them (spec §23). */
function fixtureFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-hostile-'));
  fs.mkdirSync(path.join(folder, 'src'));
  fs.writeFileSync(path.join(folder, '.env'), 'API_KEY=CANARY-corpus\n');
  fs.writeFileSync(path.join(folder, 'id_rsa'), '-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY-corpus\n');
  fs.writeFileSync(path.join(folder, 'src', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(folder, 'README.md'), '# fixture\n');
  fs.writeFileSync(path.join(folder, '-delete'), '');
  return folder;
}

/** Whether the judge, with the default settings, runs the line unasked as read-only. */
async function judgedReadOnly(line: string, cwd: string): Promise<boolean> {
  const verdict = judgeCommand({
    line,
    parsed: await parser.parse(line, { cwd }),
    allowList: [],
    denyList: defaultCommandDenyList,
    sandboxed: false,
    autoApproveCommands: false,
    autoApproveReadOnly: true,
  });
  return verdict.unasked && verdict.why.kind === 'read-only';
}

describe('the hostile command corpus (spec §23): nothing an attacker writes runs unasked', function () {
  let cwd: string;

  before(() => {
    cwd = fixtureFolder();
  });

  after(() => {
    fs.rmSync(cwd, { recursive: true, force: true });
  });

  it('holds at least 500 hostile lines and 100 read-only ones', () => {
    const hostile = Object.values(hostileCorpus).reduce((sum, lines) => sum + lines.length, 0);
    assert.ok(hostile >= 500, `${hostile} hostile lines`);
    assert.ok(readOnlyCorpus.length >= 100, `${readOnlyCorpus.length} read-only lines`);
  });

  for (const [category, lines] of Object.entries(hostileCorpus)) {
    it(`${category}: none of ${lines.length} lines is judged read-only`, async () => {
      const unasked: string[] = [];
      for (const line of lines) if (await judgedReadOnly(line, cwd)) unasked.push(line);
      assert.ok(unasked.length === 0, `${unasked.length} of ${lines.length} judged read-only:\n${unasked.map((line) => JSON.stringify(line)).join('\n')}`);
    });
  }

  it('asks for at most 3 % of the ordinary read-only lines', async () => {
    const asking: string[] = [];
    for (const line of readOnlyCorpus) if (!(await judgedReadOnly(line, cwd))) asking.push(line);
    assert.ok(asking.length <= readOnlyCorpus.length * 0.03, `${asking.length} of ${readOnlyCorpus.length} ask:\n${asking.map((line) => JSON.stringify(line)).join('\n')}`);
  });
});
