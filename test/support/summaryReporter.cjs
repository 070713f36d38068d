// Mocha's spec reporter plus a plain "N passed, N failed" closing line that CI reads, and the tests that
// passed only on a retry (the e2e suite retries once: a VS Code window on two busy cores can be slow to show).
const Mocha = require('mocha');
const { EVENT_RUN_END, EVENT_TEST_RETRY } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const label = options?.reporterOption?.label || process.env.CODEAGENT_SUITE_LABEL || 'tests';
    const retried = [];
    runner.on(EVENT_TEST_RETRY, (test, error) => {
      const lines = String(error?.message ?? error).split('\n');
      const reason = lines[0];
      retried.push(`${test.fullTitle()} (${reason})`);
      // The first lines of the message too: an assertion's values follow its first line.
      const more = lines.slice(1, 12).filter((line) => line.trim()).map((line) => `        ${line.slice(0, 300)}`).join('\n');
      console.log(`      ↻ retrying "${test.title}" after: ${reason}${more ? `\n${more}` : ''}`);
    });
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats;
      for (const title of retried) console.log(`${label}: retried once: ${title}`);
      console.log(`${label}: ${s.passes} passed, ${s.failures} failed, ${s.pending} skipped${retried.length ? `, ${retried.length} retried` : ''}`);
    });
  }
}
module.exports = SummaryReporter;
