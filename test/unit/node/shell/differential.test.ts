import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { defaultCommandDenyList } from '../../../../src/core/commandJudgment/defaultDenyList';
import { judgeCommand } from '../../../../src/core/commandJudgment/judgeCommand';
import { testShellParser } from '../../../support/shellParserForTests';
import { DifferentialHarness } from './differential/harness';
import { commandLine } from './differential/lines';

/**
 * Issue 54: the judge against real bash. Generated lines (differential/lines.ts) that the judge calls read-only run
 * with `/bin/bash -c` in a copy of the fixture (differential/fixture.ts); a read-only line must change no file, reach
 * no listener and print no canary. 1,000 lines here; CODEAGENT_DIFFERENTIAL_RUNS sets another count (test:stress
 * runs 20,000), CODEAGENT_DIFFERENTIAL_SEED replays a seed, CODEAGENT_DIFFERENTIAL_SURVEY=1 runs every line instead of
 * stopping at the first hole and lists them all.
 */
const runs = Number.parseInt(process.env.CODEAGENT_DIFFERENTIAL_RUNS ?? '1000', 10);
const survey = process.env.CODEAGENT_DIFFERENTIAL_SURVEY === '1';

const parser = testShellParser();

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

(process.platform === 'win32' ? describe.skip : describe)('differential test against real bash (issue 54, spec §23)', () => {
  let harness: DifferentialHarness;

  before(async function () {
    this.timeout(60000);
    harness = await DifferentialHarness.start();
  });

  after(async () => {
    await harness?.stop();
  });

  it('the harness catches a write, a canary, the environment and the listener', async function () {
    this.timeout(60000);
    const port = harness.port;
    const cases: [line: string, expected: RegExp][] = [
      ['touch x', /files: created x/],
      ['cat .env', /canary env/],
      ['cat ~/.ssh/id_rsa', /canary homeKey/],
      ['cut -c9-30 .env | tr a-f A-F', /canary env/],
      ['cat /proc/self/environ | tr "\\0" "\\n"', /canary apiKey/],
      [`cat < /dev/tcp/127.0.0.1/${port}`, /listener reached: tcp/],
      [`echo hi > /dev/udp/127.0.0.1/${port}`, /listener reached: udp|files/],
      ['git --git-dir=vendor/evil.git log -p', /files: created PWNED-by-git-config/],
      ['rm README.md', /files: deleted README.md/],
      ['echo x >> a', /files: changed a/],
    ];
    for (const [line, expected] of cases) {
      const outcome = await harness.run(line);
      assert.match(outcome.problems.join('\n'), expected, `${JSON.stringify(line)}: ${JSON.stringify(outcome.problems)}`);
    }
    for (const line of ['ls -la', 'git status', 'git log -p', 'git diff --stat', 'cat README.md src/*.ts', 'find . -name "*.ts"', 'ls ~/.ssh']) {
      const outcome = await harness.run(line);
      assert.deepEqual(outcome.problems, [], `${JSON.stringify(line)} is read-only: ${outcome.output}`);
    }
  });

  it(`${runs.toLocaleString('en-US')} generated lines: none judged read-only changes a file, reaches the listener or prints a canary`, async function () {
    this.timeout(Math.max(240000, runs * 400)); // A guard, not a wait: 1,000 lines took 17 s quiet, 97 s beside the e2e suite.
    const seed = Number.parseInt(process.env.CODEAGENT_DIFFERENTIAL_SEED ?? '', 10) || (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
    const counts = { generated: 0, readOnly: 0, timedOut: 0 };
    const holes: string[] = [];
    const started = Date.now();
    const property = fc.asyncProperty(commandLine(harness.port), async (line) => {
      counts.generated++;
      if (!(await judgedReadOnly(line, harness.fixture.work))) return;
      counts.readOnly++;
      const outcome = await harness.run(line);
      if (outcome.timedOut) counts.timedOut++;
      if (outcome.problems.length === 0) return;
      const report = `${JSON.stringify(line)}: ${outcome.problems.join('; ')}`;
      if (survey) holes.push(report);
      else throw new Error(`judged read-only, but ${report}`);
    });
    const summary = () => `seed ${seed}: ${counts.generated} lines generated (shrinking included), ${counts.readOnly} judged read-only and run, ${counts.timedOut} timed out, ${((Date.now() - started) / 1000).toFixed(1)} s`;
    try {
      await fc.assert(property, { numRuns: runs, seed, includeErrorInReport: true });
    } catch (error) {
      throw new Error(`${summary()}; replay with CODEAGENT_DIFFERENTIAL_SEED=${seed}\n${error instanceof Error ? error.message : String(error)}`);
    }
    if (process.env.CODEAGENT_DIFFERENTIAL_VERBOSE === '1' || survey) console.log(`differential: ${summary()}`);
    assert.deepEqual(holes, [], `${summary()}; ${holes.length} holes:\n${holes.join('\n')}`);
    // Too few lines run and the test proves little: the grammar is biased so that most are judged read-only.
    assert.ok(counts.readOnly >= runs / 4, `only ${counts.readOnly} of ${runs} lines were judged read-only: ${summary()}`);
  });
});
