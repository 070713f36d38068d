// The accessibility checker of the field, axe-core (issue 45, spec §10), run inside the chat webview's frame:
// its WCAG 2.1 A and AA rules over the panel as it is now, in whatever theme the window shows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { projectRoot } from './paths';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
let axeSource: string | undefined;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; summary: string }>;
}

/**
 * Fails when axe finds a serious or critical violation in the frame. axe is put into the page through the
 * DevTools protocol (evaluate), which the webview's CSP does not govern, once per document. `label` names the
 * state for the message; the theme kind is added.
 */
export async function expectNoAxeViolations(frame: Frame, label: string): Promise<void> {
  if (!(await frame.evaluate('typeof window.axe === "object"'))) {
    axeSource ??= fs.readFileSync(path.join(projectRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    await frame.evaluate(`${axeSource}\n;true`);
  }
  const started = Date.now();
  const { theme, violations } = (await frame.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'], iframes: false })
    .then((result) => ({
      theme: document.body.dataset.vscodeThemeKind,
      violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })) })),
    }))`)) as { theme: string; violations: Violation[] };
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (process.env.CODEAGENT_E2E_DEBUG) console.log(`      axe, ${label} (${theme}): ${violations.length} violations, ${serious.length} serious or critical, ${Date.now() - started} ms`);
  const report = serious.map((v) => `${v.impact} ${v.id} (${v.help}):\n${v.nodes.map((n) => `    ${n.target}: ${n.summary.replace(/\n/g, ' ')}`).join('\n')}`).join('\n');
  assert.equal(serious.length, 0, `axe finds serious or critical violations, ${label} (${theme}):\n${report}`);
}
