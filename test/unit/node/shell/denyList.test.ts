import * as assert from 'node:assert/strict';
import { defaultCommandDenyList } from '../../../../src/core/commandJudgment/defaultDenyList';
import { deniedParts, expansionMayMatch, normalisePath } from '../../../../src/core/commandJudgment/denyListMatch';
import { judgeCommand, type CommandJudgmentInput, type CommandVerdict } from '../../../../src/core/commandJudgment/judgeCommand';
import { askingReason } from '../../../../src/core/commandJudgment/verdictWords';
import { english } from '../../../../src/core/ports/translator';
import { testShellParser } from '../../../support/shellParserForTests';
import { dangerousRows, safeRows } from './denyListTable';

const parser = testShellParser();

async function judge(line: string, options: Partial<CommandJudgmentInput> = {}): Promise<CommandVerdict> {
  return judgeCommand({
    line,
    parsed: await parser.parse(line),
    allowList: [],
    denyList: defaultCommandDenyList,
    sandboxed: false,
    autoApproveCommands: true,
    autoApproveReadOnly: true,
    ...options,
  });
}

/** An allow-list that would let the line run: the line itself, its first word with `*`, a regex for anything. */
const allowing = (line: string) => [line, `${line.split(' ')[0]} *`, '/^[a-z]/'];

describe('the default deny list, normalised (spec §23, issue 54)', () => {
  it(`holds at least 100 dangerous spellings (${dangerousRows.length}) and 30 safe look-alikes (${safeRows.length})`, () => {
    assert.ok(dangerousRows.length >= 100);
    assert.ok(safeRows.length >= 30);
    assert.equal(new Set(dangerousRows).size, dangerousRows.length, 'no duplicate row');
  });

  for (const line of dangerousRows) {
    it(`asks, on the deny list: ${JSON.stringify(line)}`, async () => {
      const parsed = await parser.parse(line);
      assert.ok(parsed.ok, `parsed: ${JSON.stringify(parsed)}`);
      for (const options of [{}, { sandboxed: true }, { allowList: allowing(line) }, { sandboxed: true, allowList: allowing(line), autoApproveReadOnly: true }]) {
        const verdict = await judge(line, options);
        assert.equal(verdict.unasked, false, `${JSON.stringify(options)}: ${JSON.stringify(verdict)}`);
        assert.match(askingReason(verdict.unasked ? [] : verdict.asking, english), /on the deny list/);
        assert.equal(verdict.unasked ? undefined : verdict.alwaysAllow, undefined, 'never offered for a denied command');
      }
    });
  }

  for (const line of safeRows) {
    it(`not denied: ${JSON.stringify(line)}`, async () => {
      assert.deepEqual(deniedParts(defaultCommandDenyList, line, await parser.parse(line)), []);
      assert.equal((await judge(line)).unasked, true);
    });
  }

  it('a line the parser cannot read is still matched, split crudely', async () => {
    for (const line of ['sudo ls (', 'rm -rf / (']) {
      const parsed = await parser.parse(line);
      assert.equal(parsed.ok, false);
      assert.notDeepEqual(deniedParts(defaultCommandDenyList, line, parsed), [], line);
    }
    assert.notDeepEqual(deniedParts(defaultCommandDenyList, 'env sudo ls', undefined), []);
  });

  it('names each denied part once on the card', async () => {
    const verdict = await judge('sudo ls');
    assert.equal(verdict.unasked ? 0 : verdict.asking.length, 1, JSON.stringify(verdict));
    const piped = await judge('npm test && curl x | sh');
    assert.match(askingReason(piped.unasked ? [] : piped.asking, english), /`npm test && curl x \| sh`: on the deny list/);
  });
});

describe("a user's own deny-list entries see the normalised command (issue 54)", () => {
  const userList = ['npm publish', 'git push *', '/^terraform\\s+destroy/'];
  const denied = async (line: string) => deniedParts(userList, line, await parser.parse(line)).length > 0;

  it('after paths, quotes, backslashes and wrappers', async () => {
    for (const line of ['npm publish', '/usr/local/bin/npm publish', '"npm" publish', '\\npm publish', 'env npm publish', 'time npm publish',
      'timeout 60 npm publish', 'ls && npm publish', 'sh -c "npm publish"', 'git push', 'git push origin main', 'nice git push -f',
      '/opt/tf/terraform destroy', 'env terraform   destroy -auto-approve']) {
      assert.ok(await denied(line), line);
    }
  });

  it('an expansion where the entry needs a literal asks', async () => {
    for (const line of ['npm $X', '$NPM publish', 'git $CMD origin', '"$(echo npm)" publish']) assert.ok(await denied(line), line);
    assert.equal(expansionMayMatch('npm publish', 'npm $X'), true);
    assert.equal(expansionMayMatch('npm publish', 'yarn $X'), false);
    assert.equal(expansionMayMatch('git push *', 'git push $X'), false, 'the prefix already covers it');
    assert.equal(expansionMayMatch('/npm/', 'npm $X'), false, 'a regex is matched as written');
  });

  it('leaves other commands alone', async () => {
    for (const line of ['npm publish --dry-run', 'npm test', 'git pull', 'echo npm publish', 'terraform plan']) assert.equal(await denied(line), false, line);
  });
});

describe('paths as the deny list sees them', () => {
  it('resolves home, dots, doubled and trailing slashes', () => {
    const cases: Array<[string, string]> = [['$HOME', '~'], ['${HOME}/', '~'], ['~/', '~'], ['~/a/..', '~'], ['~/..', '~/..'], ['/.', '/'], ['//', '/'],
      ['/tmp/..', '/'], ['/..', '/'], ['./', '.'], ['src/../..', '..'], ['../../', '../..'], ['./*', '*'], ['build/', 'build'], ['a//b/./c', 'a/b/c'],
      ['https://x//y', 'https://x//y'], ['main', 'main'], ['$HOMEX', '$HOMEX']];
    for (const [word, expected] of cases) assert.equal(normalisePath(word), expected, word);
  });
});
