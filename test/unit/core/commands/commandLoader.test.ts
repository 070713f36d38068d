import { strict as assert } from 'node:assert';
import { loadCommands, maxCommandFilesPerFolder } from '../../../../src/core/commands/commandLoader';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';
import { english } from '../../../../src/core/ports/translator';
import type { LoadProblem } from '../../../../src/core/catalog/reloadingCatalog';

const inEnglish = (problems: readonly LoadProblem[]) => problems.map(({ file, reason }) => ({ file, reason: reason(english) }));

describe('loadCommands', () => {
  let project: TempWorkspace;
  let home: TempWorkspace | undefined;
  const load = () => loadCommands({ project: new NodeWorkspaceFs(project.root), user: home ? new NodeWorkspaceFs(home.root) : undefined });
  afterEach(async () => {
    await project.cleanup();
    await home?.cleanup();
    home = undefined;
  });

  it('reads the three project sources, namespacing sub-folders, with Claude Code and Copilot front matter', async () => {
    project = await TempWorkspace.create({
      '.claude/commands/explain.md': '---\nallowed-tools: Read, Grep, Bash(git diff:*)\nargument-hint: [file] [how]\ndescription: Explain a file\nmodel: claude-3-5-haiku-20241022\n---\nExplain $1, $ARGUMENTS\n',
      '.claude/commands/frontend/test.md': 'Run the frontend tests: $ARGUMENTS\n',
      '.codeagent/commands/release/notes/draft.md': '---\ndescription: Draft notes\nagent: plan\n---\nDraft the notes.\n',
      '.github/prompts/component.prompt.md': "---\nagent: 'ask'\ndescription: 'Make a component'\ntools: ['codebase', 'search']\nargument-hint: 'name of the component'\nmodel: GPT-4.1\n---\nMake ${input:name:Button}.\n",
      '.github/prompts/notes.md': 'not a prompt file',
      '.github/prompts/sub/nested.prompt.md': 'prompt files are read from the folder itself',
    });
    const { commands, problems } = await load();
    assert.deepEqual(commands.map((c) => c.name), ['component', 'explain', 'frontend:test', 'release:notes:draft']);
    const [component, explain, test, draft] = commands;
    assert.deepEqual(explain, {
      name: 'explain', description: 'Explain a file', argumentHint: '[file] [how]', model: 'claude-3-5-haiku-20241022',
      tools: { allow: ['Read', 'Grep', 'Bash'] }, body: 'Explain $1, $ARGUMENTS', source: { path: '.claude/commands/explain.md', origin: 'claude' },
    });
    assert.deepEqual(test, { name: 'frontend:test', body: 'Run the frontend tests: $ARGUMENTS', source: { path: '.claude/commands/frontend/test.md', origin: 'claude' } });
    assert.equal(draft!.agent, 'plan');
    assert.deepEqual(component, {
      name: 'component', description: 'Make a component', argumentHint: 'name of the component',
      tools: { allow: ['Read', 'LS', 'Glob', 'Grep'] }, body: 'Make ${input:name:Button}.', source: { path: '.github/prompts/component.prompt.md', origin: 'github' },
    });
    assert.deepEqual(inEnglish(problems), [
      { file: '.github/prompts/component.prompt.md', reason: "model 'GPT-4.1' is a name in Copilot's model picker: the configured model is used" },
      { file: '.claude/commands/explain.md', reason: "tool rule 'Bash(git diff:*)' is not supported: Bash is allowed without the restriction" },
    ].sort((a, b) => problems.findIndex((p) => p.file === a.file) - problems.findIndex((p) => p.file === b.file)));
  });

  it('an unquoted single [hint] is the text, not a YAML list', async () => {
    project = await TempWorkspace.create({ '.claude/commands/fix.md': '---\nargument-hint: [issue-number]\ndescription: Fix: an issue by number  # a YAML comment\n---\nFix #$1\n' });
    const { commands, problems } = await load();
    assert.deepEqual(problems, []);
    assert.equal(commands[0]!.argumentHint, '[issue-number]');
    assert.equal(commands[0]!.description, 'Fix: an issue by number');
  });

  it('a prompt file\'s name key names the command', async () => {
    project = await TempWorkspace.create({ '.github/prompts/x.prompt.md': '---\nname: create-react-form\n---\nMake a form.\n' });
    assert.deepEqual((await load()).commands.map((c) => c.name), ['create-react-form']);
  });

  it('built-ins win a clash, the first source wins a clash between files, and each loser is reported', async () => {
    project = await TempWorkspace.create({
      '.claude/commands/plan.md': 'my plan',
      '.claude/commands/agents.md': 'my agents',
      '.claude/commands/review.md': 'claude review',
      '.codeagent/commands/review.md': 'codeagent review',
      '.github/prompts/review.prompt.md': 'copilot review',
      '.github/prompts/mcp.x.y.prompt.md': 'pretends to be an MCP prompt',
    });
    home = await TempWorkspace.create({ '.claude/commands/review.md': 'user claude review', '.codeagent/commands/mine.md': 'mine' });
    const { commands, problems } = await load();
    assert.deepEqual(commands.map((c) => [c.name, c.body]), [['mine', 'mine'], ['review', 'codeagent review']]);
    const reasons = problems.map((p) => `${p.file.replace(home!.root, '~')}: ${p.reason(english)}`);
    assert.deepEqual(reasons.sort(), [
      '.claude/commands/agents.md: /agents is a built-in command, which takes precedence; not loaded',
      '.claude/commands/plan.md: /plan is a built-in command, which takes precedence; not loaded',
      '.claude/commands/review.md: /review is already defined by .codeagent/commands/review.md, which takes precedence; not loaded',
      '.github/prompts/mcp.x.y.prompt.md: /mcp.… names are MCP servers\' prompts; not loaded',
      '.github/prompts/review.prompt.md: /review is already defined by .codeagent/commands/review.md, which takes precedence; not loaded',
      '~/.claude/commands/review.md: /review is already defined by .codeagent/commands/review.md, which takes precedence; not loaded',
    ]);
  });

  it('reports a broken file with its path and reason and loads the others', async () => {
    project = await TempWorkspace.create({
      '.claude/commands/ok.md': 'fine',
      '.claude/commands/unclosed.md': '---\ndescription: x\nno end',
      '.claude/commands/yaml.md': '---\nallowed-tools: [a, b\n---\nbody',
      '.claude/commands/empty.md': '---\ndescription: nothing\n---\n   \n',
      '.claude/commands/list.md': '---\n- a\n- b\n---\nbody',
      '.claude/commands/bad name!.md': 'body',
    });
    const { commands, problems } = await load();
    assert.deepEqual(commands.map((c) => c.name), ['ok']);
    const byFile = Object.fromEntries(problems.map((p) => [p.file, p.reason(english)]));
    assert.match(byFile['.claude/commands/unclosed.md']!, /never closed.*; not loaded$/);
    assert.match(byFile['.claude/commands/yaml.md']!, /^invalid YAML: .*; not loaded$/);
    assert.match(byFile['.claude/commands/empty.md']!, /^the body is empty/);
    assert.match(byFile['.claude/commands/list.md']!, /must be a YAML mapping/);
    assert.match(byFile['.claude/commands/bad name!.md']!, /cannot be typed as a command/);
    assert.equal(problems.length, 5);
  });

  it('reads at most a bounded number of files per folder and reports the rest', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < maxCommandFilesPerFolder + 3; i++) files[`.claude/commands/c${String(i).padStart(4, '0')}.md`] = 'x';
    project = await TempWorkspace.create(files);
    const { commands, problems } = await load();
    assert.equal(commands.length, maxCommandFilesPerFolder);
    assert.deepEqual(inEnglish(problems), [{ file: '.claude/commands', reason: `3 more command files not read: at most ${maxCommandFilesPerFolder} are read per folder, 4 folders deep` }]);
  });
});
