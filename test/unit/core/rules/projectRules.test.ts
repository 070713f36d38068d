import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadProjectRules } from '../../../../src/core/rules/projectRules';
import { maxProjectRulesChars } from '../../../../src/core/rules/projectRulesText';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';

describe('loadProjectRules', () => {
  let ws: TempWorkspace;
  const load = (touchedPaths: readonly string[] = []) => loadProjectRules(new NodeWorkspaceFs(ws.root), { touchedPaths });
  afterEach(() => ws.cleanup());

  it('is empty for a workspace without rules', async () => {
    ws = await TempWorkspace.create({ 'src/a.ts': 'a\n' });
    assert.deepEqual(await load(), { text: '', sources: [], problems: [] });
  });

  it('finds CODE_LAW.md in any letter case, preferring the canonical spelling', async () => {
    for (const name of ['code_law.md', 'Code_Law.MD']) {
      ws = await TempWorkspace.create({ [name]: 'No globals.\n' });
      const rules = await load();
      assert.equal(rules.text, `# Project rules\n\n## ${name}\nNo globals.`);
      assert.deepEqual(rules.sources, [{ path: name, reason: 'code_law' }]);
      await ws.cleanup();
    }
    ws = await TempWorkspace.create({ 'code_law.md': 'lower\n', 'CODE_LAW.md': 'canonical\n' });
    const both = await load();
    assert.deepEqual(both.sources, [{ path: 'CODE_LAW.md', reason: 'code_law' }]);
    assert.ok(both.text.includes('canonical') && !both.text.includes('lower'));
  });

  it('includes AGENTS.md after CODE_LAW.md, and ignores them outside the root', async () => {
    ws = await TempWorkspace.create({ 'agents.md': 'Run npm test.\r\n', 'CODE_LAW.md': 'Law.\n', 'sub/CODE_LAW.md': 'nested\n' });
    const rules = await load();
    assert.equal(rules.text, '# Project rules\n\n## CODE_LAW.md\nLaw.\n\n## agents.md\nRun npm test.');
    assert.deepEqual(rules.sources.map((s) => s.reason), ['code_law', 'agents_md']);
  });

  describe('.codeagent/rules', () => {
    beforeEach(async () => {
      ws = await TempWorkspace.create({
        '.codeagent/rules/always.md': '---\nalwaysApply: true\n---\nAlways use tabs.\n',
        '.codeagent/rules/python.md': '---\nglobs: "**/*.py"\ndescription: Python style\n---\nUse black.\n',
        '.codeagent/rules/tests.md': '---\nglobs:\n  - test/**\n---\nTests use mocha.\n',
        '.codeagent/rules/db.md': '---\ndescription: Database migrations\n---\nNever edit old migrations.\n',
        '.codeagent/rules/plain.md': 'A rule without front matter.\n',
        '.codeagent/rules/notes.txt': 'not a rule\n',
      });
    });

    it('includes always rules, lists described ones, and leaves unmatched glob rules out', async () => {
      const rules = await load(['src/a.ts']);
      assert.equal(
        rules.text,
        [
          '# Project rules',
          '## .codeagent/rules/always.md\nAlways use tabs.',
          '## .codeagent/rules/plain.md\nA rule without front matter.',
          '## Other rules\n' +
            '- Rule .codeagent/rules/db.md: Database migrations (read it with the Read tool if relevant)\n' +
            '- Rule .codeagent/rules/python.md: Python style (read it with the Read tool if relevant)',
        ].join('\n\n'),
      );
      assert.deepEqual(rules.sources, [
        { path: '.codeagent/rules/always.md', reason: 'always' },
        { path: '.codeagent/rules/plain.md', reason: 'always' },
        { path: '.codeagent/rules/db.md', reason: 'description' },
        { path: '.codeagent/rules/python.md', reason: 'description' },
      ]);
      assert.ok(!rules.text.includes('mocha') && !rules.text.includes('black'));
      assert.deepEqual(rules.problems, []);
    });

    it('includes a glob rule whole when a touched path matches, absolute paths too', async () => {
      const root = new NodeWorkspaceFs(ws.root).root;
      const rules = await load(['tools/gen.py', `${root}/test/unit/a.test.ts`]);
      assert.ok(rules.text.includes('## .codeagent/rules/python.md\nUse black.'));
      assert.ok(rules.text.includes('## .codeagent/rules/tests.md\nTests use mocha.'));
      assert.ok(!rules.text.includes('Rule .codeagent/rules/python.md:'));
      assert.deepEqual(
        rules.sources.filter((s) => s.reason === 'glob').map((s) => s.path),
        ['.codeagent/rules/python.md', '.codeagent/rules/tests.md'],
      );
    });

    it('reports invalid front matter and skips that rule without failing the others', async () => {
      await ws.write('.codeagent/rules/broken.md', '---\nglobs: [unclosed\n---\nBroken.\n');
      await ws.write('.codeagent/rules/typed.md', '---\nalwaysApply: yes please\n---\nTyped.\n');
      const rules = await load();
      assert.equal(rules.problems.length, 2);
      assert.match(rules.problems[0]!, /^\.codeagent\/rules\/broken\.md: invalid front matter, rule skipped: invalid YAML/);
      assert.match(rules.problems[1]!, /^\.codeagent\/rules\/typed\.md: invalid front matter, rule skipped: alwaysApply: /);
      assert.ok(!rules.text.includes('Broken.') && !rules.text.includes('Typed.'));
      assert.ok(rules.text.includes('Always use tabs.'));
    });
  });

  it('refuses a rule file that is a symbolic link leading outside the workspace', async () => {
    ws = await TempWorkspace.create({});
    const outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-outside-'));
    try {
      await fsp.writeFile(path.join(outside, 'law.md'), 'SECRET\n');
      await fsp.symlink(path.join(outside, 'law.md'), ws.abs('CODE_LAW.md'));
      const rules = await load();
      assert.equal(rules.text, '');
      assert.match(rules.problems[0]!, /^CODE_LAW\.md: not read: .*outside the workspace/);
    } finally {
      await fsp.rm(outside, { recursive: true, force: true });
    }
  });

  it('bounds the text, marking the cut and naming what was left out', async () => {
    const paragraph = 'Rule line that is fairly long to fill the budget quickly.\n';
    ws = await TempWorkspace.create({
      'CODE_LAW.md': paragraph.repeat(600),
      'AGENTS.md': paragraph.repeat(600),
      '.codeagent/rules/late.md': '---\nalwaysApply: true\n---\nLate rule.\n',
      '.codeagent/rules/described.md': '---\ndescription: Still listed\n---\nBody.\n',
    });
    const rules = await load();
    assert.ok(rules.text.length <= maxProjectRulesChars, `${rules.text.length}`);
    assert.match(rules.text, /\[… truncated: project rules are limited to 50000 characters; read AGENTS\.md with the Read tool for the rest\]/);
    assert.match(rules.text, /\[Omitted, over the 50000-character limit: \.codeagent\/rules\/late\.md — read them with the Read tool if relevant\]/);
    assert.ok(rules.text.endsWith('- Rule .codeagent/rules/described.md: Still listed (read it with the Read tool if relevant)'));
    assert.deepEqual(rules.sources.map((s) => s.path), ['CODE_LAW.md', 'AGENTS.md', '.codeagent/rules/described.md']);
    assert.deepEqual(rules.problems, ['.codeagent/rules/late.md: omitted, the project rules exceed the size limit']);
  });
});
