import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Issue 31: no test waits a fixed time for something to happen. It waits for the event or condition it needs
 * (test/support/until.ts; in the e2e tests eventually(), a DOM state, a request, a log line, a paused stream), or,
 * where time itself is tested, uses the Clock port or an injected scheduler.
 * This fails on a fixed sleep in test/unit, test/support or test/e2e: a promise resolved by a timer of more than 0 ms,
 * Playwright's waitForTimeout, the real clock's sleep, or timers/promises. Scheduled callbacks that act
 * (setTimeout(() => controller.abort(), n)) are not sleeps: load only makes them later.
 */
const root = path.resolve(__dirname, '../../..');
const scanned = ['test/unit', 'test/support', 'test/e2e'];

const rules: { name: string; pattern: RegExp }[] = [
  { name: 'a promise resolved by a timer', pattern: /setTimeout\(\s*(?:resolve|res|r|done|next)\s*,\s*(?:[1-9]|[A-Za-z_$(])/ },
  { name: 'a promise resolved by a timer', pattern: /setTimeout\(\s*\(\)\s*=>\s*(?:resolve|res|r|done|next)\(\)\s*,\s*(?:[1-9]|[A-Za-z_$(])/ },
  { name: "Playwright's waitForTimeout", pattern: /\bwaitForTimeout\(/ },
  { name: "the real clock's sleep", pattern: /\bawait\s+systemClock\.sleep\(/ },
  { name: 'timers/promises', pattern: /from\s+['"](?:node:)?timers\/promises['"]|require\(\s*['"](?:node:)?timers\/promises['"]\s*\)/ },
];

/** Reviewed exceptions: file, a text its line contains, and why the wait must be real. */
const allowed: { file: string; line: string; reason: string }[] = [
  { file: 'test/support/until.ts', line: 'setTimeout(resolve, ms)', reason: "until()'s pause between two checks of its condition, not a wait for something to happen" },
  { file: 'test/support/imageAttachmentsHarness.ts', line: 'while (attachments.busy)', reason: 'the pause between two checks of a condition (the attachments done), in the browser page' },
  { file: 'test/e2e/support/eventually.ts', line: 'setTimeout(resolve, options.intervalMs ?? 100)', reason: "eventually()'s pause between two checks of its condition" },
  { file: 'test/e2e/support/browserSession.ts', line: 'await this.page.waitForTimeout(100);', reason: "chatFrame()'s pause between two searches of the frames for the chat input" },
  { file: 'test/e2e/support/codeServerInstance.ts', line: 'setTimeout(resolve, 100)', reason: "waitUntilReady()'s pause between two checks of the log and the health endpoint" },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '__snapshots__' ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|cjs|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Every fixed sleep in `files` as "file:line: what (the line)", relative to `base`, the allowed ones left out. */
export function fixedSleeps(files: string[], base: string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const relative = path.relative(base, file).split(path.sep).join('/');
    if (relative === 'test/unit/lint/noFixedSleeps.test.ts') continue; // its own patterns and probes
    fs.readFileSync(file, 'utf8').split('\n').forEach((text, index) => {
      const rule = rules.find((r) => r.pattern.test(text));
      if (!rule || allowed.some((a) => a.file === relative && text.includes(a.line))) return;
      found.push(`${relative}:${index + 1}: ${rule.name}: ${text.trim()}`);
    });
  }
  return found;
}

describe('house rules: no fixed sleeps in the tests (issue 31)', () => {
  it('finds each kind of fixed sleep in a probe, and lets a condition wait, an action and a 0 ms yield pass', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sleep-probe-'));
    try {
      fs.mkdirSync(path.join(dir, 'test/unit'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'test/e2e'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'test/unit/probe.test.ts'), [
        "import { setTimeout as delay } from 'node:timers/promises';",
        'await new Promise((r) => setTimeout(r, 100));',
        'await new Promise((resolve) => setTimeout(resolve, 10));',
        'await new Promise<void>((resolve) => setTimeout(() => resolve(), 50));',
        'await page.waitForTimeout(50);',
        'await systemClock.sleep(200);',
        'await until(() => posted.length > 0);',
        'setTimeout(() => controller.abort(), 300);',
        'await new Promise((resolve) => setTimeout(resolve, 0));',
        "const command = 'echo one; sleep 0.5; echo two';",
      ].join('\n'));
      // The e2e waits this check replaced, and the kinds that replaced them.
      fs.writeFileSync(path.join(dir, 'test/e2e/probe.e2e.ts'), [
        'await chat.waitForTimeout(1500);',
        'await session.page.waitForTimeout(300);',
        'await new Promise((resolve) => setTimeout(resolve, 1000));',
        'await eventually(() => assert.equal(suite.model.pausedStreams(), 1));',
        "await target.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))');",
      ].join('\n'));
      const found = fixedSleeps(sourceFiles(dir), dir).map((f) => f.split(': ')[0]).sort();
      assert.deepEqual(found, [...[1, 2, 3].map((line) => `test/e2e/probe.e2e.ts:${line}`), ...[1, 2, 3, 4, 5, 6].map((line) => `test/unit/probe.test.ts:${line}`)]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('test/unit, test/support and test/e2e wait for conditions, not times (reviewed exceptions aside)', () => {
    const files = scanned.flatMap((dir) => sourceFiles(path.join(root, dir)));
    assert.deepEqual(fixedSleeps(files, root), [], 'wait with until() from test/support/until.ts (eventually() in test/e2e) for the condition, or use the Clock port / an injected scheduler');
  });

  it('every reviewed exception still matches a line (a stale entry is removed)', () => {
    for (const entry of allowed) {
      const text = fs.readFileSync(path.join(root, entry.file), 'utf8');
      assert.ok(text.includes(entry.line), `${entry.file}: no line contains "${entry.line}"`);
    }
  });
});
