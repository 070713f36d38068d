import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import { loadAgents, maxAgentFilesPerFolder } from '../../../../src/core/agents/agentLoader';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';
import { english } from '../../../../src/core/ports/translator';
import type { LoadProblem } from '../../../../src/core/catalog/reloadingCatalog';

const inEnglish = (problems: readonly LoadProblem[]) => problems.map(({ file, reason }) => ({ file, reason: reason(english) }));

const agentFile = (name: string, body = `You are ${name}.`, extra = '') => `---\nname: ${name}\n${extra}---\n${body}\n`;

describe('loadAgents', () => {
  let project: TempWorkspace;
  let home: TempWorkspace | undefined;
  const load = (withHome = true) =>
    loadAgents({ project: new NodeWorkspaceFs(project.root), global: withHome && home ? new NodeWorkspaceFs(home.root) : undefined });
  afterEach(async () => {
    await project.cleanup();
    await home?.cleanup();
    home = undefined;
  });

  it('finds nothing, and no problem, when no agent folder exists', async () => {
    project = await TempWorkspace.create({ 'src/a.ts': 'a\n' });
    home = await TempWorkspace.create();
    assert.deepEqual(await load(), { agents: [], problems: [] });
  });

  it('loads valid project agents sorted by name, ignoring files that are not Markdown', async () => {
    project = await TempWorkspace.create({
      '.codeagent/agents/z.md': agentFile('fix-bugs', 'Fix bugs.', 'title: Bug Fixer\ncontextMode: shared\n'),
      '.codeagent/agents/a.md': agentFile('code-review', 'Review.\r\nCarefully.', 'tools:\n  allow: [Read, Grep]\n'),
      '.codeagent/agents/notes.txt': 'not an agent',
    });
    const { agents, problems } = await load(false);
    assert.deepEqual(problems, []);
    assert.deepEqual(agents, [
      { name: 'code-review', tools: { allow: ['Read', 'Grep'] }, systemPrompt: 'Review.\nCarefully.', source: { path: '.codeagent/agents/a.md', origin: 'project' } },
      { name: 'fix-bugs', title: 'Bug Fixer', contextMode: 'shared', tools: {}, systemPrompt: 'Fix bugs.', source: { path: '.codeagent/agents/z.md', origin: 'project' } },
    ]);
  });

  it('reports each invalid file with its path and reason, and loads the rest', async () => {
    project = await TempWorkspace.create({
      '.codeagent/agents/good.md': agentFile('good'),
      '.codeagent/agents/bad-yaml.md': '---\nname: [oops\n---\nx\n',
      '.codeagent/agents/bad-mode.md': agentFile('m', 'x', 'contextMode: sometimes\n'),
      '.codeagent/agents/no-name.md': '---\ntitle: Nameless\n---\nx\n',
      '.codeagent/agents/empty.md': agentFile('empty', ''),
      '.codeagent/agents/huge.md': agentFile('huge', 'x'.repeat(257 * 1024)),
    });
    const { agents, problems } = await load(false);
    assert.deepEqual(agents.map((a) => a.name), ['good']);
    const byFile = Object.fromEntries(problems.map((p) => [p.file, p.reason(english)]));
    assert.deepEqual(Object.keys(byFile).sort(), ['bad-mode.md', 'bad-yaml.md', 'empty.md', 'huge.md', 'no-name.md'].map((f) => `.codeagent/agents/${f}`));
    assert.equal(byFile['.codeagent/agents/bad-mode.md'], 'contextMode must be "isolated" or "shared"; not loaded');
    assert.match(byFile['.codeagent/agents/bad-yaml.md']!, /^invalid YAML: .*; not loaded$/);
    assert.equal(byFile['.codeagent/agents/no-name.md'], 'name is required; not loaded');
    assert.match(byFile['.codeagent/agents/empty.md']!, /^the body is empty.*; not loaded$/);
    assert.equal(byFile['.codeagent/agents/huge.md'], 'the file is 258 KB; agent files over 256 KB are not read; not loaded');
  });

  it('refuses a symbolic link leading out of the workspace', async () => {
    project = await TempWorkspace.create({ '.codeagent/agents/.keep': '' });
    home = await TempWorkspace.create({ 'secret.md': agentFile('secret') });
    await fsp.symlink(home.abs('secret.md'), project.abs('.codeagent/agents/secret.md'));
    const { agents, problems } = await load(false);
    assert.deepEqual(agents, []);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.file, '.codeagent/agents/secret.md');
    assert.match(problems[0]!.reason(english), /^not read: .*outside the workspace.*; not loaded$/);
  });

  it('loads global agents by absolute path; a project agent of the same name wins and the clash names both files', async () => {
    project = await TempWorkspace.create({ '.codeagent/agents/review.md': agentFile('review', 'Project review.') });
    home = await TempWorkspace.create({
      '.codeagent/agents/review.md': agentFile('review', 'Global review.'),
      '.codeagent/agents/helper.md': agentFile('helper'),
    });
    const homeRoot = new NodeWorkspaceFs(home.root).root;
    const { agents, problems } = await load();
    assert.deepEqual(agents.map((a) => [a.name, a.source.origin, a.source.path]), [
      ['helper', 'global', `${homeRoot}/.codeagent/agents/helper.md`],
      ['review', 'project', '.codeagent/agents/review.md'],
    ]);
    assert.equal(agents[1]!.systemPrompt, 'Project review.');
    assert.deepEqual(inEnglish(problems), [
      { file: `${homeRoot}/.codeagent/agents/review.md`, reason: "agent 'review' is already defined by .codeagent/agents/review.md, which takes precedence; not loaded" },
    ]);
  });

  it('does not read the home folder twice when the workspace is the home folder', async () => {
    project = await TempWorkspace.create({ '.codeagent/agents/a.md': agentFile('a') });
    const fs = new NodeWorkspaceFs(project.root);
    assert.deepEqual(await loadAgents({ project: fs, global: new NodeWorkspaceFs(project.root) }), { agents: (await loadAgents({ project: fs })).agents, problems: [] });
  });

  it('loads Claude Code and GitHub Copilot agents after .codeagent ones, which win a clash', async () => {
    project = await TempWorkspace.create({
      '.codeagent/agents/reviewer.md': agentFile('reviewer', 'Ours.'),
      '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Claude reviewer\n---\nTheirs.\n',
      '.claude/agents/tester.md': '---\nname: tester\ntools: Read, Bash, WebFetch\nmodel: inherit\n---\nRun the tests.\n',
      '.github/agents/tester.agent.md': '---\ntools: [runCommands]\n---\nCopilot tester.\n',
      '.github/agents/planner.agent.md': '---\ndescription: Plans\ntools: [codebase, fetch]\n---\nPlan first.\n',
      '.github/agents/README.md': 'not a Copilot agent: no .agent.md suffix',
    });
    const { agents, problems } = await load(false);
    assert.deepEqual(agents.map((a) => [a.name, a.source.origin, a.systemPrompt]), [
      ['planner', 'github', 'Plan first.'],
      ['reviewer', 'project', 'Ours.'],
      ['tester', 'claude', 'Run the tests.'],
    ]);
    assert.deepEqual(agents[2]!.tools, { allow: ['Read', 'Bash'] });
    assert.equal(agents[2]!.model, undefined);
    assert.deepEqual(agents[0]!.tools, { allow: ['Read', 'LS', 'Glob', 'Grep'] });
    assert.deepEqual(inEnglish(problems), [
      { file: '.claude/agents/reviewer.md', reason: "agent 'reviewer' is already defined by .codeagent/agents/reviewer.md, which takes precedence; not loaded" },
      { file: '.claude/agents/tester.md', reason: "tool 'WebFetch' has no CodeAgent counterpart: dropped" },
      { file: '.github/agents/planner.agent.md', reason: "tool 'fetch' has no CodeAgent counterpart: dropped" },
      { file: '.github/agents/tester.agent.md', reason: "agent 'tester' is already defined by .claude/agents/tester.md, which takes precedence; not loaded" },
    ]);
  });

  it('ranks a global agent above the project Claude and Copilot files', async () => {
    project = await TempWorkspace.create({ '.claude/agents/doc.md': '---\nname: doc\n---\nClaude doc.\n' });
    home = await TempWorkspace.create({ '.codeagent/agents/doc.md': agentFile('doc', 'Global doc.') });
    const { agents, problems } = await load();
    assert.deepEqual(agents.map((a) => a.source.origin), ['global']);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.file, '.claude/agents/doc.md');
  });

  it(`reads at most ${maxAgentFilesPerFolder} files of a folder, in name order, and says how many it left`, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < maxAgentFilesPerFolder + 3; i++) {
      const name = `a${String(i).padStart(3, '0')}`;
      files[`.codeagent/agents/${name}.md`] = agentFile(name);
    }
    project = await TempWorkspace.create(files);
    const { agents, problems } = await load(false);
    assert.equal(agents.length, maxAgentFilesPerFolder);
    assert.equal(agents.at(-1)!.name, `a${maxAgentFilesPerFolder - 1}`);
    assert.deepEqual(inEnglish(problems), [{ file: '.codeagent/agents', reason: `3 more agent files not read: at most ${maxAgentFilesPerFolder} are read per folder` }]);
  });
});
