// Mocha's spec reporter plus a plain "N passed, N failed" closing line that CI reads.
const Mocha = require('mocha');
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const label = options?.reporterOption?.label || process.env.CODEAGENT_SUITE_LABEL || 'tests';
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats;
      console.log(`${label}: ${s.passes} passed, ${s.failures} failed, ${s.pending} skipped`);
    });
  }
}
module.exports = SummaryReporter;
