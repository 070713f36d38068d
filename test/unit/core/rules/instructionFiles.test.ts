import { strict as assert } from 'node:assert';
import { loadProjectRules } from '../../../../src/core/rules/projectRules';
import type { InstructionFileSwitches } from '../../../../src/core/rules/instructionFiles';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';

/** Files shaped like the ones teams keep for Claude Code and GitHub Copilot. */
const teamFiles = {
  'AGENTS.md': 'Run npm test before committing.\n',
  'CLAUDE.md': '# Project memory\n- Use pnpm, not npm.\n',
  '.claude/CLAUDE.md': 'Prefer small pull requests.\n',
  '.github/copilot-instructions.md': 'We use TypeScript strict mode.\n',
  '.github/instructions/react.instructions.md': '---\napplyTo: "**/*.tsx,**/*.jsx"\n---\nUse function components.\n',
  '.github/instructions/general.instructions.md': '---\napplyTo: "**"\n---\nWrite tests for every change.\n',
  '.github/instructions/release.instructions.md': '---\ndescription: How releases are cut\n---\nTag then push.\n',
  'packages/api/AGENTS.md': 'The API package uses Fastify.\n',
  'packages/api/CLAUDE.md': 'API: never log request bodies.\n',
  'packages/api/src/server.ts': 'export {};\n',
  'packages/web/src/App.tsx': 'export {};\n',
};

describe('instruction files of Claude Code and Copilot (spec §17)', () => {
  let ws: TempWorkspace;
  afterEach(() => ws.cleanup());
  const load = (touchedPaths: readonly string[] = [], instructionFiles?: InstructionFileSwitches) =>
    loadProjectRules(new NodeWorkspaceFs(ws.root), { touchedPaths, instructionFiles });

  it('puts CLAUDE.md, .claude/CLAUDE.md, copilot-instructions.md and applyTo "**" in L2 from the start', async () => {
    ws = await TempWorkspace.create(teamFiles);
    const rules = await load();
    assert.deepEqual(rules.sources, [
      { path: 'AGENTS.md', reason: 'agents_md' },
      { path: 'CLAUDE.md', reason: 'claude_md' },
      { path: '.claude/CLAUDE.md', reason: 'claude_md' },
      { path: '.github/copilot-instructions.md', reason: 'copilot' },
      { path: '.github/instructions/general.instructions.md', reason: 'always' },
      { path: '.github/instructions/release.instructions.md', reason: 'description' },
    ]);
    assert.ok(rules.text.includes('## CLAUDE.md\n# Project memory'));
    assert.ok(rules.text.includes('How releases are cut'));
    assert.ok(!rules.text.includes('Use function components'));
    assert.ok(!rules.text.includes('Fastify'));
    assert.deepEqual(rules.problems, []);
  });

  it('applies an applyTo glob once a matching file is touched', async () => {
    ws = await TempWorkspace.create(teamFiles);
    const rules = await load(['packages/web/src/App.tsx']);
    assert.ok(rules.sources.some((s) => s.path === '.github/instructions/react.instructions.md' && s.reason === 'glob'));
    assert.ok(rules.text.includes('Use function components.'));
  });

  it('adds nested AGENTS.md and CLAUDE.md only once a file under their folder is touched', async () => {
    ws = await TempWorkspace.create(teamFiles);
    assert.ok(!(await load(['packages/web/src/App.tsx'])).text.includes('Fastify'));
    const rules = await load([`${ws.root}/packages/api/src/server.ts`]);
    const nested = rules.sources.filter((s) => s.reason === 'nested').map((s) => s.path);
    assert.deepEqual(nested, ['packages/api/AGENTS.md', 'packages/api/CLAUDE.md']);
    assert.ok(rules.text.includes('## packages/api/AGENTS.md\nThe API package uses Fastify.'));
  });

  it('turns each source off with context.instructionFiles', async () => {
    ws = await TempWorkspace.create(teamFiles);
    const off = await load(['packages/api/src/server.ts', 'packages/web/src/App.tsx'], { claude: false, copilot: false, nestedAgents: false });
    assert.deepEqual(off.sources.map((s) => s.path), ['AGENTS.md']);
    const noClaude = await load(['packages/api/src/server.ts'], { claude: false, copilot: true, nestedAgents: true });
    assert.deepEqual(noClaude.sources.filter((s) => /CLAUDE/.test(s.path)), []);
    assert.ok(noClaude.sources.some((s) => s.path === 'packages/api/AGENTS.md'));
  });

  it('reports a broken .instructions.md with file and reason and keeps the rest', async () => {
    ws = await TempWorkspace.create({ ...teamFiles, '.github/instructions/bad.instructions.md': '---\napplyTo: [unclosed\n---\nx\n', '.github/instructions/num.instructions.md': '---\napplyTo: 5\n---\nx\n' });
    const rules = await load();
    assert.equal(rules.problems.length, 2);
    assert.match(rules.problems[0]!, /^\.github\/instructions\/bad\.instructions\.md: invalid front matter, rule skipped: invalid YAML/);
    assert.match(rules.problems[1]!, /num\.instructions\.md: .*applyTo/);
    assert.ok(rules.text.includes('Write tests for every change.'));
  });

  it('never climbs out of the workspace for a touched path with ..', async () => {
    ws = await TempWorkspace.create(teamFiles);
    const rules = await load(['../outside/AGENTS.md', 'packages/../../x.ts']);
    assert.deepEqual(rules.sources.filter((s) => s.reason === 'nested'), []);
  });
});
