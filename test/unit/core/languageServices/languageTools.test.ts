import { strict as assert } from 'node:assert';
import { languageTools } from '../../../../src/core/languageServices/languageTools';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import type { ApprovalRequest } from '../../../../src/core/tools/approval';
import type { RenameOutcome } from '../../../../src/core/ports/languageServices';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { makeHarness, TempWorkspace, type Harness } from '../tools/toolTestKit';
import { FakeLanguageServices, VirtualClock, tsError } from './languageServicesKit';
import { assembledPrompt } from '../prompt/assembledPrompts';
import { alwaysAskReason, describeApproval, isAutoApproved } from '../../../../src/core/agent/approvalGate';
import { defaultSettings } from '../../../../src/core/settings';
import { english } from '../../../../src/core/ports/translator';

const calcSource = 'export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n';
const mainSource = 'import { total } from "./calc";\n\nconsole.log(total([1, 2]));\nconst totalLabel = "total";\n';

describe('language tools (spec §13)', () => {
  let ws: TempWorkspace;
  let h: Harness;
  let services: FakeLanguageServices;
  let registry: ToolRegistry;

  beforeEach(async () => {
    ws = await TempWorkspace.create({ 'src/calc.ts': calcSource, 'src/main.ts': mainSource, 'lib/other.ts': 'export {};\n' });
    h = makeHarness(ws);
    services = new FakeLanguageServices();
    registry = createFullToolRegistry([], { language: languageTools(services, new VirtualClock(), () => 2000) });
  });
  afterEach(() => ws.cleanup());

  it('a headless host offers none of them; with language services they follow Grep', () => {
    const headless = createFullToolRegistry().names();
    for (const name of ['Problems', 'Usages', 'Symbols', 'Rename']) assert.ok(!headless.includes(name), name);
    const names = registry.names();
    assert.deepEqual(names.slice(names.indexOf('Grep'), names.indexOf('Grep') + 5), ['Grep', 'Problems', 'Usages', 'Symbols', 'Rename']);
    assert.deepEqual(['Problems', 'Usages', 'Symbols', 'Rename'].map((n) => registry.get(n)!.kind), ['read', 'read', 'read', 'edit']);
  });

  describe('Problems', () => {
    beforeEach(() => {
      services.setProblems('src/main.ts', [tsError(2, "Argument of type 'string' is not assignable.", '2345'), { line: 3, character: 6, severity: 'warning', source: 'eslint', code: 'no-unused-vars', message: "'totalLabel' is unused." }]);
      services.setProblems('lib/other.ts', [tsError(0, 'Cannot find name x.', '2304')]);
    });

    it('lists every problem in the spec format, or only a folder\'s, or only errors', async () => {
      const all = await registry.invoke('Problems', {}, h.ctx);
      assert.equal(all.text, "2 errors, 1 warning:\nlib/other.ts:1:3 error ts 2304: Cannot find name x.\nsrc/main.ts:3:3 error ts 2345: Argument of type 'string' is not assignable.\nsrc/main.ts:4:7 warning eslint no-unused-vars: 'totalLabel' is unused.");
      const src = await registry.invoke('Problems', { path: 'src', severity: 'warning' }, h.ctx);
      assert.equal(src.text, "0 errors, 1 warning in src:\nsrc/main.ts:4:7 warning eslint no-unused-vars: 'totalLabel' is unused.");
      const record = JSON.parse(registry.compress('Problems', {}, all));
      assert.equal(record.data.problems.length, 3);
    });

    it('a file the servers had not checked is opened for them first, and its problems waited for', async () => {
      services.onWatch = (path) => services.setProblems(path, [tsError(0, 'Found once opened.', '2304')]);
      const result = await registry.invoke('Problems', { path: 'src/calc.ts' }, h.ctx);
      assert.deepEqual(services.watched, ['src/calc.ts']);
      assert.match(result.text, /^src\/calc\.ts:1:3 error ts 2304: Found once opened\.$/m);
    });

    it('says No problems. and refuses paths outside the workspace', async () => {
      assert.equal((await registry.invoke('Problems', { path: 'src/calc.ts' }, h.ctx)).text, 'No problems.');
      assert.equal((await registry.invoke('Problems', { path: '../etc' }, h.ctx)).status, 'error');
    });
  });

  describe('Usages', () => {
    beforeEach(() => {
      services.locations = {
        definitions: [{ path: 'src/calc.ts', line: 0, character: 16, lineText: 'export function total(items: number[]): number {' }],
        references: [
          { path: 'src/calc.ts', line: 0, character: 16, lineText: 'export function total(items: number[]): number {' },
          { path: 'src/main.ts', line: 0, character: 9, lineText: 'import { total } from "./calc";' },
          { path: 'src/main.ts', line: 2, character: 12, lineText: 'console.log(total([1, 2]));' },
        ],
        implementations: [],
      };
    });

    it('anchors on line_content, never on a guessed column, and lists the sections', async () => {
      const result = await registry.invoke('Usages', { symbol: 'total', path: 'src/main.ts', line_content: '  console.log(total([1, 2]));  ' }, h.ctx);
      assert.deepEqual(services.asked[0], { path: 'src/main.ts', line: 2, character: 12 });
      assert.equal(result.text, 'Definitions:\nsrc/calc.ts:1: export function total(items: number[]): number {\nReferences:\nsrc/calc.ts:1: export function total(items: number[]): number {\nsrc/main.ts:1: import { total } from "./calc";\nsrc/main.ts:3: console.log(total([1, 2]));');
    });

    it('without line_content the first whole-word occurrence is used (not totalLabel, not "total" in a word)', async () => {
      await ws.write('src/words.ts', 'const totalLabel = 1;\nconst x = subtotal;\nlet total = 2;\n');
      await registry.invoke('Usages', { symbol: 'total', path: 'src/words.ts' }, h.ctx);
      assert.deepEqual(services.asked[0], { path: 'src/words.ts', line: 2, character: 4 });
    });

    it('a line_content not in the file, or without the symbol, is a clear error', async () => {
      const missing = await registry.invoke('Usages', { symbol: 'total', path: 'src/main.ts', line_content: 'nope' }, h.ctx);
      assert.equal(missing.error?.code, 'line_not_found');
      const without = await registry.invoke('Usages', { symbol: 'sum', path: 'src/main.ts', line_content: 'console.log' }, h.ctx);
      assert.equal(without.error?.code, 'symbol_not_found');
    });

    it('at most 100 locations', async () => {
      services.locations.references = Array.from({ length: 150 }, (_, i) => ({ path: 'src/main.ts', line: i, character: 0, lineText: `total(${i})` }));
      const result = await registry.invoke('Usages', { symbol: 'total', path: 'src/main.ts' }, h.ctx);
      const locations = result.text.split('\n').filter((l) => /^src\//.test(l));
      assert.equal(locations.length, 100);
      assert.match(result.text, /…and 51 more$/);
    });
  });

  it('Symbols: `<kind> <name> — <path>:<line>`', async () => {
    services.symbols = [{ kind: 'function', name: 'total', location: { path: 'src/calc.ts', line: 0, character: 16 } }, { kind: 'method', name: 'totalize', container: 'Cart', location: { path: 'src/cart.ts', line: 9, character: 2 } }];
    const result = await registry.invoke('Symbols', { query: 'total' }, h.ctx);
    assert.equal(result.text, "2 symbols match 'total':\nfunction total — src/calc.ts:1\nmethod Cart.totalize — src/cart.ts:10");
    assert.equal((await registry.invoke('Symbols', { query: 'zzz' }, h.ctx)).text, "No symbols match 'zzz'.");
  });

  describe('Rename', () => {
    beforeEach(() => {
      services.renameOutcome = {
        kind: 'edits',
        files: [
          { path: 'src/calc.ts', edits: [{ start: { line: 0, character: 16 }, end: { line: 0, character: 21 }, newText: 'sum' }] },
          { path: 'src/main.ts', edits: [{ start: { line: 0, character: 9 }, end: { line: 0, character: 14 }, newText: 'sum' }, { start: { line: 2, character: 12 }, end: { line: 2, character: 17 }, newText: 'sum' }] },
        ],
      };
    });

    it('proposes every file in one approval, writes them all and records each change', async () => {
      const result = await registry.invoke('Rename', { symbol: 'total', path: 'src/calc.ts', new_name: 'sum' }, h.ctx);
      assert.equal(result.status, 'success', result.text);
      assert.equal(h.approvals.length, 1);
      const asked = h.approvals[0] as Extract<ApprovalRequest, { kind: 'edits' }>;
      assert.equal(asked.kind, 'edits');
      assert.deepEqual(asked.files.map((f) => f.path), ['src/calc.ts', 'src/main.ts']);
      assert.equal(await ws.read('src/main.ts'), mainSource.replace('{ total }', '{ sum }').replace('total([', 'sum(['));
      assert.equal(await ws.read('src/calc.ts'), calcSource.replace('function total', 'function sum'));
      assert.deepEqual(h.changes.map((c) => [c.path, c.kind, c.before === undefined]), [['src/calc.ts', 'modified', false], ['src/main.ts', 'modified', false]]);
      assert.equal(result.text, "Renamed 'total' to 'sum' in 2 files:\nsrc/calc.ts: 1 replacement\nsrc/main.ts: 2 replacements");
    });

    it('rejected: no file changes', async () => {
      h.decide = () => ({ decision: 'rejected', feedback: 'not now' });
      const result = await registry.invoke('Rename', { symbol: 'total', path: 'src/calc.ts', new_name: 'sum' }, h.ctx);
      assert.equal(result.error?.code, 'rejected');
      assert.equal(await ws.read('src/main.ts'), mainSource);
      assert.equal(h.changes.length, 0);
    });

    it('the user\'s edit of one proposal is what is written for that file', async () => {
      h.decide = () => ({ decision: 'accepted', finalContents: { 'src/main.ts': 'edited by the user\n' } });
      await registry.invoke('Rename', { symbol: 'total', path: 'src/calc.ts', new_name: 'sum' }, h.ctx);
      assert.equal(await ws.read('src/main.ts'), 'edited by the user\n');
    });

    it('refused with the provider\'s reason', async () => {
      services.renameOutcome = { kind: 'refused', reason: 'You cannot rename this element.' };
      const result = await registry.invoke('Rename', { symbol: 'total', path: 'src/calc.ts', new_name: 'sum' }, h.ctx);
      assert.equal(result.error?.code, 'rename_refused');
      assert.match(result.error!.message, /You cannot rename this element\./);
      assert.equal(h.approvals.length, 0);
    });

    it('an edit of a file outside the workspace refuses the whole rename before asking', async () => {
      const outcome = services.renameOutcome as Extract<RenameOutcome, { kind: 'edits' }>;
      services.renameOutcome = { kind: 'edits', files: [...outcome.files, { path: '/etc/hosts', edits: [] }] };
      const result = await registry.invoke('Rename', { symbol: 'total', path: 'src/calc.ts', new_name: 'sum' }, h.ctx);
      assert.equal(result.error?.code, 'outside_workspace');
      assert.equal(h.approvals.length, 0);
      assert.equal(await ws.read('src/calc.ts'), calcSource);
    });

    it('a file changed while waiting for approval stops the whole rename before any write', async () => {
      h.ctx.approve = async (request) => {
        h.approvals.push(request);
        await ws.touchExternally('src/main.ts', 'changed meanwhile\n');
        return { decision: 'accepted' };
      };
      const result = await registry.invoke('Rename', { symbol: 'total', path: 'src/calc.ts', new_name: 'sum' }, h.ctx);
      assert.equal(result.error?.code, 'stale_read');
      assert.equal(await ws.read('src/calc.ts'), calcSource);
    });
  });
});

describe('the prompt teaches the language tools only where the host offers them', () => {
  it('VS Code: the section and the docs; headless: neither', () => {
    const vscode = assembledPrompt('vscode-xml').system;
    const headless = assembledPrompt('xml').system;
    assert.match(vscode, /# What the editor knows\n/);
    assert.match(vscode, /\n## Usages\n/);
    assert.doesNotMatch(headless, /What the editor knows|## Usages|## Problems|\bSymbols\b|## Rename/);
  });
});

describe('a Rename is approved like an edit (spec §8)', () => {
  const files = (...paths: string[]) => paths.map((path) => ({ path, before: 'a', after: 'b' }));
  const settings = { ...defaultSettings().approval, autoApproveEdits: true };

  it('auto-approved with autoApproveEdits, but a file that configures the agent always asks, and the card says why', () => {
    assert.equal(isAutoApproved({ kind: 'edits', tool: 'Rename', title: () => 't', files: files('src/a.ts', 'src/b.ts') }, settings), true);
    const risky = { kind: 'edits' as const, tool: 'Rename', title: () => 't', files: files('src/a.ts', '.vscode/settings.json') };
    assert.equal(isAutoApproved(risky, settings), false);
    assert.match(alwaysAskReason(risky)?.(english) ?? '', /\S/);
    assert.equal(isAutoApproved({ kind: 'edits', tool: 'Rename', title: () => 't', files: files('src/a.ts') }, { ...settings, autoApproveEdits: false }), false);
  });

  it('the chat card shows every file\'s diff under the title', () => {
    const detail = describeApproval({ kind: 'edits', tool: 'Rename', title: () => "Rename 'a' to 'b' in 2 files", files: files('src/a.ts', 'src/b.ts') });
    assert.match(detail, /^Rename 'a' to 'b' in 2 files\n--- a\/src\/a\.ts\n\+\+\+ b\/src\/a\.ts[\s\S]*--- a\/src\/b\.ts/);
  });
});
