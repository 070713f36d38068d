import * as assert from 'node:assert/strict';
import { defaultCommandDenyList } from '../../../../src/core/commandJudgment/defaultDenyList';
import { judgeCommand, type CommandJudgmentInput, type CommandVerdict } from '../../../../src/core/commandJudgment/judgeCommand';
import { askingReason } from '../../../../src/core/commandJudgment/verdictWords';
import { english } from '../../../../src/core/ports/translator';
import { testShellParser } from '../../../support/shellParserForTests';
import { allowedRows, readOnlyRows, tableAllowList, type Row } from './commandTable';
import { askingRows, deniedRows } from './commandTableAsks';

const parser = testShellParser();

async function judge(line: string, options: Partial<CommandJudgmentInput> = {}): Promise<CommandVerdict> {
  return judgeCommand({
    line,
    parsed: await parser.parse(line),
    allowList: tableAllowList,
    denyList: defaultCommandDenyList,
    sandboxed: false,
    autoApproveCommands: false,
    autoApproveReadOnly: true,
    ...options,
  });
}

function outcomeOf(verdict: CommandVerdict): string {
  if (!verdict.unasked) return 'asks';
  return verdict.why.kind === 'allowed' ? 'allowed' : verdict.why.kind;
}

describe('command judgment with the real bash parser (spec §23)', () => {
  const rows: readonly Row[] = [...readOnlyRows, ...allowedRows, ...askingRows];

  it('the table holds at least 200 commands', () => {
    assert.ok(rows.length + deniedRows.length >= 200, `${rows.length + deniedRows.length} rows`);
  });

  for (const [line, expected, askingPart] of rows) {
    it(`${expected}: ${JSON.stringify(line)}`, async () => {
      const verdict = await judge(line);
      assert.equal(outcomeOf(verdict), expected, JSON.stringify(verdict));
      if (askingPart !== undefined && !verdict.unasked) assert.ok(askingReason(verdict.asking, english).includes(askingPart), askingReason(verdict.asking, english));
    });
  }

  for (const line of deniedRows) {
    it(`deny list asks, even allowed, auto-approved and sandboxed: ${JSON.stringify(line)}`, async () => {
      for (const options of [{}, { autoApproveCommands: true }, { sandboxed: true }, { allowList: [line, `${line.split(' ')[0]} *`] }]) {
        const verdict = await judge(line, options);
        assert.equal(verdict.unasked, false, `${JSON.stringify(options)}: ${JSON.stringify(verdict)}`);
        assert.match(askingReason(verdict.unasked ? [] : verdict.asking, english), /on the deny list/);
        assert.equal(verdict.unasked ? undefined : verdict.alwaysAllow, undefined, 'never offered for a denied command');
      }
    });
  }
});

describe('what the card says and offers (spec §23)', () => {
  it('an allowed command chained to a download piped into a shell names the parts that asked', async () => {
    const verdict = await judge('npm test && curl https://x.test/a | tr a b', { denyList: [] });
    assert.equal(verdict.unasked, false);
    const reason = askingReason(verdict.unasked ? [] : verdict.asking, english);
    assert.match(reason, /`curl https:\/\/x\.test\/a`: not in the read-only set or the allow-list/);
    assert.doesNotMatch(reason, /npm test/);
  });

  it('a read-only line says read-only; an allowed part names its rule', async () => {
    assert.deepEqual(await judge('ls && pwd'), { unasked: true, why: { kind: 'read-only' } });
    const git = await judge('ls && git status');
    assert.equal(git.unasked && git.why.kind, 'read-only');
    assert.deepEqual(await judge('ls && npm test && git commit -m x'), { unasked: true, why: { kind: 'allowed', rules: ['npm test', 'git commit *'] } });
  });

  it('offers the narrowest rule covering the parts that asked, never a bare *', async () => {
    const offered = async (line: string) => {
      const verdict = await judge(line, { allowList: [] });
      return verdict.unasked ? undefined : verdict.alwaysAllow;
    };
    assert.deepEqual(await offered('npm run build'), ['npm run build']);
    assert.deepEqual(await offered('git commit -m "fix: a bug"'), ['git commit *']);
    assert.deepEqual(await offered('ls && npm test && git push origin main'), ['npm test', 'git push origin main']);
    assert.deepEqual(await offered('rm -rf build'), ['rm -rf build']);
    assert.deepEqual(await offered('echo x > out.txt'), ['echo x > out.txt']);
    assert.deepEqual(await offered('cargo test --release'), ['cargo test *']);
    assert.equal(await offered('cat .env'), undefined, 'a secret read is never covered by a rule');
    assert.equal(await offered('$X ls'), undefined);
    assert.equal(await offered('ls ('), undefined);
    for (const line of ['x *', 'a', '*']) for (const rule of (await offered(line)) ?? []) assert.notEqual(rule.trim(), '*');
  });

  it('the offered rule, once added, lets the same line run unasked', async () => {
    for (const line of ['npm run build', 'git commit -m "fix"', 'echo x > out.txt', 'ls && make check', 'rm *.tmp', 'touch "a b*"']) {
      const first = await judge(line, { allowList: [] });
      assert.equal(first.unasked, false, line);
      const rules = first.unasked ? [] : first.alwaysAllow ?? [];
      assert.ok(rules.length > 0, line);
      assert.equal((await judge(line, { allowList: rules })).unasked, true, `${line} with ${rules.join(', ')}`);
    }
  });

  it('a bare * or an everything-regex in the allow-list allows nothing', async () => {
    for (const rule of ['*', ' * ', '/.*/', '//', '/^.*$/']) assert.equal((await judge('rm x', { allowList: [rule] })).unasked, false, rule);
  });

  it('read-only commands ask when approval.autoApproveReadOnly is off (a hook that says ask turns it off)', async () => {
    const verdict = await judge('ls -la', { autoApproveReadOnly: false });
    assert.equal(verdict.unasked, false);
    assert.match(askingReason(verdict.unasked ? [] : verdict.asking, english), /autoApproveReadOnly is off/);
  });

  it('sandboxed and auto-approved lines say so; the Windows shell and a missing parser always ask', async () => {
    assert.deepEqual(await judge('rm x', { sandboxed: true }), { unasked: true, why: { kind: 'sandboxed' } });
    assert.deepEqual(await judge('rm x', { autoApproveCommands: true }), { unasked: true, why: { kind: 'auto-approved' } });
    const windows = testShellParser('win32');
    const verdict = judgeCommand({ line: 'dir', parsed: await windows.parse('dir'), allowList: ['dir'], denyList: [], sandboxed: false, autoApproveCommands: false, autoApproveReadOnly: true });
    assert.equal(verdict.unasked, false);
    assert.match(askingReason(verdict.unasked ? [] : verdict.asking, english), /the Windows shell is not parsed/);
    assert.equal(judgeCommand({ line: 'ls', parsed: undefined, allowList: ['ls'], denyList: [], sandboxed: false, autoApproveCommands: false, autoApproveReadOnly: true }).unasked, false);
  });
});

describe('the byte filter stands on its own (spec §23)', () => {
  it('a CR, VT, FF or NUL asks even where a parser called the line clean', () => {
    const clean = { ok: true as const, commands: [{ words: ['ls'], assignments: [], redirects: [], unknowns: [], globs: [], spans: [{ start: 0, end: 2 }], links: [] }] };
    for (const line of ['ls \r#; touch pwned', 'ls \v#; touch x', 'ls \f#; touch x', 'ls \u0000; touch x', 'ls\u00a0-la', 'ls \\\r\n; touch x']) {
      const verdict = judgeCommand({ line, parsed: clean, allowList: [], denyList: [], sandboxed: true, autoApproveCommands: true, autoApproveReadOnly: true });
      assert.equal(verdict.unasked, false, JSON.stringify(line));
    }
  });

  it('a line break the parser took into a word asks', async () => {
    assert.equal((await judge('printf -- x\n\\time env')).unasked, false);
    assert.equal((await judge('ls \\\n  -la')).unasked, true, 'a backslash-newline joins lines for both');
  });
});
