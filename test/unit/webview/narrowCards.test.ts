import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { useHarnessPage } from '../../support/harnessPage';

const root = path.resolve(__dirname, '../../..');
/** What VS Code's webview host sets on a webview (Linux): its UI and editor fonts and sizes. */
const VSCODE_VARIABLES = `:root {
  --vscode-font-family: system-ui, "Ubuntu", "Droid Sans", sans-serif; --vscode-font-size: 13px; --vscode-font-weight: normal;
  --vscode-editor-font-family: "Droid Sans Mono", "monospace", monospace; --vscode-editor-font-size: 14px;
}`;

/** The panel's own stylesheets (in main.ts's order) and the codicon font (inlined: the harness page has no files to load from). */
function panelStyles(): string {
  const codicons = path.join(root, 'node_modules/@vscode/codicons/dist');
  const font = fs.readFileSync(path.join(codicons, 'codicon.ttf')).toString('base64');
  const codiconCss = fs.readFileSync(path.join(codicons, 'codicon.css'), 'utf8').replace(/url\("\.\/codicon\.ttf[^"]*"\)/, `url("data:font/ttf;base64,${font}")`);
  const own = ['styles.css', 'toolCards.css'].map((file) => fs.readFileSync(path.join(root, 'webview-ui', file), 'utf8'));
  return [VSCODE_VARIABLES, codiconCss, ...own].join('\n');
}

const COMPLETION = 'The greeting in src/a.ts now says "Hi there".';
const CHILD_RESULT = 'Wrote src/greeting.ts with the new greeting.';
const card = (id: string, name: string, params: Record<string, unknown>, meta: Record<string, unknown> = {}, extra: Partial<TranscriptEntry> = {}): TranscriptEntry => ({
  id: `call-${id}`, kind: 'tool-call', text: '', turnId: 't1', meta: { name, callId: id, params, status: 'done', startedAt: 1000, endedAt: 2234, ...meta }, ...extra,
});

/** A plan with a sub-agent, an MCP call, two Writes (one overwrite, one new file) and a finished turn. */
const TRANSCRIPT: TranscriptEntry[] = [
  { id: 'u1', kind: 'user', text: 'Plan the greeting change, then do it', turnId: 't1', meta: { checkpoint: true } },
  card('p1', 'PlanTask', { tasks: [{ id: '1', description: 'Write the greeting module', dependencies: [] }, { id: '2', description: 'Use it in a.ts', dependencies: ['1'] }] }, { result: 'Plan created: 2 tasks.' }),
  card('t1', 'Task', { goal: 'Write the greeting module in src/greeting.ts and export a greet function', resources: ['src/a.ts'], agent: 'implementer' }, {
    result: `Sub-agent completed (3 steps, 1200 input + 340 output tokens).\n\nResult:\n${CHILD_RESULT}\n\nFiles changed: src/greeting.ts`,
    child: { status: 'completed', steps: 3, inputTokens: 1200, outputTokens: 340, cost: 0.0012, agent: 'implementer' },
  }),
  card('c1', 'Write', { path: 'src/greeting.ts', content: 'export function greet(name: string): string {\n  return `Hi there, ${name}!`;\n}\n' },
    { result: 'Created src/greeting.ts (3 lines).', detail: { path: 'src/greeting.ts', added: 3, removed: 0 } }, { parent: 'call-t1', agent: 'implementer' }),
  card('c2', 'AttemptCompletion', { result: CHILD_RESULT }, { result: CHILD_RESULT }, { parent: 'call-t1', agent: 'implementer' }),
  { id: 'cc', kind: 'completion', text: CHILD_RESULT, turnId: 't1', parent: 'call-t1', agent: 'implementer' },
  card('s1', 'UpdateTaskStatus', { task_id: '1', status: 'completed', result: 'The module exists' }, { result: 'Task 1 completed.' }),
  card('m1', 'mcp__everything__get-sum', { a: 31337, b: 11111 }, { result: 'The sum of 31337 and 11111 is 42448.' }),
  card('m2', 'mcp__everything__longRunningOperation', { duration: 2, steps: 5 }, { result: 'Long running operation completed.' }),
  card('w1', 'Write', { path: 'src/a.ts', content: 'export const a = 1;\n' }, { result: 'Overwrote src/a.ts (1 line).', detail: { path: 'src/a.ts', added: 1, removed: 1 } }),
  card('w2', 'Write', { path: 'src/b.ts', content: 'export const b = 2;\n' }, { result: 'Created src/b.ts (1 line).', detail: { path: 'src/b.ts', added: 1, removed: 0 } }),
  card('e1', 'Edit', { path: 'src/components/very/deep/folder/structure/greeting.component.ts', old_string: 'Hello', new_string: 'Hi there' }, { result: 'Edited.', detail: { path: 'src/a.ts', added: 1, removed: 1 } }),
  card('b1', 'Bash', { command: 'npm run build -- --project tsconfig.build.json && npm test' }, { result: 'Exit code: 0', detail: { exitCode: 0, outputTail: 'ok' } }),
  card('r1', 'Task', { goal: 'Review the change' }, { status: 'running', child: { status: 'running', steps: 1, inputTokens: 300, outputTokens: 20, cost: 0, agent: 'reviewer' } }),
  card('a1', 'AttemptCompletion', { result: COMPLETION }, { result: COMPLETION }),
  { id: 'done', kind: 'completion', text: COMPLETION, turnId: 't1' },
  { id: 'changes-t1', kind: 'changes', text: '', turnId: 't1', meta: { changes: [{ path: 'src/a.ts', kind: 'modified', added: 1, removed: 1 }, { path: 'src/greeting.ts', kind: 'created', added: 3, removed: 0 }] } },
];

/** Spec §10 at VS Code's default side-bar width (issue 17 item 8), in real Chromium with the panel's stylesheet. */
describe('tool cards in a narrow panel (Chromium)', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('transcriptDomHarness', 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), getState: () => undefined, setState: () => undefined });');

  before(async () => {
    await harness.page.addStyleTag({ content: panelStyles() });
    await harness.page.evaluate(() => document.fonts.ready.then(() => undefined));
  });

  for (const width of [240, 300]) {
    describe(`${width} px wide`, () => {
      let layout: Awaited<ReturnType<typeof render>>;
      async function render() {
        await harness.page.setViewportSize({ width, height: 4000 });
        await harness.page.evaluate((entries) => window.transcriptHarness.reset(entries), TRANSCRIPT);
        await harness.page.evaluate(() => window.transcriptHarness.settled());
        return harness.page.evaluate(() => window.transcriptHarness.layout());
      }
      before(async () => {
        layout = await render();
      });
      const cardOf = (id: string) => layout.cards.find((c) => c.id === `call-${id}`)!;

      it('every card keeps a one-line header; no title is narrower than its first word; what is cut shows whole on hover', () => {
        assert.equal(layout.cards.length, 13);
        assert.deepEqual(layout.problems, []);
        assert.ok(layout.pageScrollWidth <= layout.pageClientWidth, `the panel is not widened: ${layout.pageScrollWidth} > ${layout.pageClientWidth}`);
      });

      it('an MCP tool shows its tool name, its server beside it, the full name on hover', async () => {
        assert.equal(cardOf('m1').title, 'get-sum');
        assert.equal(await harness.page.getAttribute('[data-id="call-m1"] .tool-name', 'title'), 'mcp__everything__get-sum');
        assert.equal(await harness.page.textContent('[data-id="call-m1"] .tool-server'), 'everything');
        assert.equal(await harness.page.getAttribute('[data-id="call-m1"]', 'data-tool'), 'mcp__everything__get-sum');
      });

      it('parameters read as one short summary, the raw values on demand', async () => {
        assert.equal(cardOf('m1').params, 'a=31337 b=11111');
        assert.equal(cardOf('s1').params, 'task_id=1 status=completed');
        assert.equal(cardOf('w1').params, 'content=export const a = 1;');
        assert.equal(cardOf('c1').params, 'content=export function greet(name: string): str… (3 lines)');
        assert.equal(cardOf('t1').params, 'resources=["src/a.ts"] agent=implementer');
        assert.equal(cardOf('b1').params, null, 'a command is all in the header');
        await harness.page.click('[data-id="call-m1"] .tool-params > summary');
        assert.deepEqual(await harness.page.locator('[data-id="call-m1"] .tool-param pre').allTextContents(), ['31337', '11111']);
      });

      it('a Write shows +/− and Open diff whether it created the file or overwrote it', async () => {
        for (const id of ['w1', 'w2', 'c1']) {
          assert.equal(await harness.page.locator(`[data-id="call-${id}"] .edit-counts`).count(), 1, `${id}: +/−`);
          assert.equal(await harness.page.locator(`[data-id="call-${id}"] .open-diff`).count(), 1, `${id}: Open diff`);
        }
        assert.equal((await harness.page.textContent('[data-id="call-w1"] .edit-counts'))?.replace(/\s+/g, ' '), '+1 −1');
      });

      it('plurals are right', () => {
        assert.doesNotMatch(layout.visibleText, /\b1 (lines|files|steps|entries|tasks|tools|messages|todos)\b/);
        assert.match(layout.visibleText, /2 files changed/);
      });

      it('a completion\'s result shows once, in the completion entry, not again in its card', async () => {
        const count = (text: string, seen: string) => seen.split(text).length - 1;
        assert.equal(count(COMPLETION, layout.visibleText), 1, layout.visibleText);
        assert.doesNotMatch(cardOf('a1').result, /Hi there/);
        // The sub-agent's too, once its steps are open.
        await harness.page.click('[data-id="call-t1"] > .child-steps > summary');
        const opened = await harness.page.evaluate(() => window.transcriptHarness.layout());
        assert.equal(count(CHILD_RESULT, opened.visibleText), 1, opened.visibleText);
      });
    });
  }
});
