import { strict as assert } from 'node:assert';
import { SkillCatalog } from '../../../../src/core/skills/skillCatalog';
import { maxSkillFileBytes } from '../../../../src/core/skills/skillFile';
import { skillListing } from '../../../../src/core/skills/skillListing';
import { loadSkills } from '../../../../src/core/skills/skillLoader';
import { skillTool } from '../../../../src/core/skills/skillTool';
import { withSkillScope } from '../../../../src/core/orchestration/skillScope';
import type { TurnTools } from '../../../../src/core/agent/agentTurn';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';
import { english } from '../../../../src/core/ports/translator';

const pdfSkill = [
  '---',
  'name: pdf-forms',
  'description: Fill PDF forms and extract their fields. Use when the user mentions PDF forms.',
  'allowed-tools: Read, Grep, Bash(python3 scripts/fill.py:*)',
  '---',
  '# Filling PDF forms',
  '1. Read reference.md for the field names.',
  '',
].join('\n');
const releaseSkill = '---\nname: release-notes\ndescription: Write release notes from the git log.\nlicense: MIT\n---\nGroup changes by kind.\n';

const aliasBomb = ['---', 'name: bomb', 'description: x', 'a: &a ["x","x","x","x","x","x","x","x","x"]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [*${'abcdefghi'[i]},*${'abcdefghi'[i]},*${'abcdefghi'[i]},*${'abcdefghi'[i]},*${'abcdefghi'[i]},*${'abcdefghi'[i]},*${'abcdefghi'[i]},*${'abcdefghi'[i]},*${'abcdefghi'[i]}]`), '---', 'body', ''].join('\n');

describe('skills (spec §17)', () => {
  let ws: TempWorkspace;
  let home: TempWorkspace;
  afterEach(async () => {
    await ws.cleanup();
    await home?.cleanup();
  });
  const load = () => loadSkills({ project: new NodeWorkspaceFs(ws.root), user: home ? new NodeWorkspaceFs(home.root) : undefined });

  it('loads SKILL.md from the four project folders and the user folders, with the folder\'s other files', async () => {
    ws = await TempWorkspace.create({
      '.claude/skills/pdf/SKILL.md': pdfSkill,
      '.claude/skills/pdf/reference.md': 'fields\n',
      '.claude/skills/pdf/scripts/fill.py': 'print(1)\n',
      '.github/skills/release/SKILL.md': releaseSkill,
      '.agents/skills/notes.txt': 'not a skill folder\n',
    });
    home = await TempWorkspace.create({ '.claude/skills/mine/SKILL.md': '---\nname: my-style\ndescription: My own style.\n---\nShort lines.\n' });
    const loaded = await load();
    assert.deepEqual(loaded.problems, []);
    assert.deepEqual(loaded.skills.map((s) => [s.name, s.folder, s.origin, s.files, s.allowedTools]), [
      ['pdf-forms', '.claude/skills/pdf', 'project', ['reference.md', 'scripts/fill.py'], ['Read', 'Grep', 'Bash']],
      ['release-notes', '.github/skills/release', 'project', [], undefined],
      ['my-style', '~/.claude/skills/mine', 'user', [], undefined],
    ]);
  });

  it('reports an invalid skill with file and reason and does not load it', async () => {
    ws = await TempWorkspace.create({
      '.codeagent/skills/a/SKILL.md': '---\nname: Bad Name\ndescription: x\n---\nbody\n',
      '.codeagent/skills/b/SKILL.md': '---\nname: no-description\n---\nbody\n',
      '.codeagent/skills/c/SKILL.md': 'just text, no front matter\n',
      '.codeagent/skills/d/SKILL.md': aliasBomb,
      '.codeagent/skills/e/SKILL.md': `---\nname: huge\ndescription: x\n---\n${'x'.repeat(maxSkillFileBytes)}\n`,
      '.codeagent/skills/f/SKILL.md': '---\nname: [unclosed\n---\n',
      '.claude/skills/g/SKILL.md': releaseSkill,
      '.github/skills/h/SKILL.md': releaseSkill,
    });
    const loaded = await load();
    assert.deepEqual(loaded.skills.map((s) => s.name), ['release-notes']);
    const byFile = Object.fromEntries(loaded.problems.map((p) => [p.file, p.reason(english)]));
    assert.match(byFile['.codeagent/skills/a/SKILL.md']!, /^name: lowercase letters, digits and hyphens only; not loaded$/);
    assert.match(byFile['.codeagent/skills/b/SKILL.md']!, /description/);
    assert.match(byFile['.codeagent/skills/c/SKILL.md']!, /no front matter/);
    assert.match(byFile['.codeagent/skills/d/SKILL.md']!, /invalid YAML: .*alias/i);
    assert.match(byFile['.codeagent/skills/e/SKILL.md']!, /bytes; at most 262144 are read; not loaded/);
    assert.match(byFile['.codeagent/skills/f/SKILL.md']!, /invalid YAML/);
    assert.match(byFile['.github/skills/h/SKILL.md']!, /already taken by \.claude\/skills\/g/);
  });

  it('lists name and description only in L2, never the body', async () => {
    ws = await TempWorkspace.create({ '.claude/skills/pdf/SKILL.md': pdfSkill, '.github/skills/release/SKILL.md': releaseSkill });
    const text = skillListing((await load()).skills);
    assert.ok(text.startsWith('# Skills\n'));
    assert.ok(text.includes('- pdf-forms: Fill PDF forms and extract their fields. Use when the user mentions PDF forms.'));
    assert.ok(text.includes('- release-notes: Write release notes from the git log.'));
    assert.ok(!text.includes('Read reference.md') && !text.includes('Group changes'));
    assert.equal(skillListing([]), '');
  });

  it('Skill returns the body and the paths of the folder\'s other files; an unknown name lists the skills', async () => {
    ws = await TempWorkspace.create({ '.claude/skills/pdf/SKILL.md': pdfSkill, '.claude/skills/pdf/reference.md': 'fields\n' });
    const catalog = new SkillCatalog(load);
    await catalog.reload();
    const tool = skillTool(catalog);
    const result = await tool.run({ name: 'pdf-forms' }, {} as ToolContext);
    assert.equal(result.status, 'success');
    assert.ok(result.text.includes('# Filling PDF forms\n1. Read reference.md for the field names.'));
    assert.ok(!result.text.includes('allowed-tools:'));
    assert.ok(result.text.includes('- .claude/skills/pdf/reference.md'));
    assert.ok(result.text.includes('only these tools run: Read, Grep, Bash'));
    const unknown = await tool.run({ name: 'nope' }, {} as ToolContext);
    assert.equal(unknown.error?.code, 'unknown_skill');
    assert.ok(unknown.text.includes('Skills: pdf-forms.'));
    const file = await tool.run({ name: 'pdf-forms', file: 'reference.md' }, {} as ToolContext);
    assert.ok(file.text.endsWith('fields\n'));
    const other = await tool.run({ name: 'pdf-forms', file: '../../../package.json' }, {} as ToolContext);
    assert.equal(other.error?.code, 'not_a_skill_file');
  });

  it('allowed-tools narrows the tools for the rest of the turn once the skill is loaded', async () => {
    const ran: string[] = [];
    const inner: TurnTools = {
      grammar: () => ({}), isReadOnly: () => false, specs: () => [], compress: () => '',
      invoke: async (name) => {
        ran.push(name);
        return name === 'Skill'
          ? { status: 'success', data: { name: 'pdf-forms', allowedTools: ['Read'] }, text: 'loaded' }
          : { status: 'success', data: null, text: 'ok' };
      },
    };
    const turn = withSkillScope(inner);
    const ctx = {} as ToolContext;
    assert.equal((await turn.invoke('Bash', {}, ctx)).status, 'success');
    await turn.invoke('Skill', { name: 'pdf-forms' }, ctx);
    const refused = await turn.invoke('Bash', { command: 'rm -rf /' }, ctx);
    assert.equal(refused.error?.code, 'not_allowed_by_skill');
    assert.match(refused.text, /Bash is not allowed while the skill "pdf-forms" is active: its allowed-tools are Read/);
    assert.equal((await turn.invoke('Read', {}, ctx)).status, 'success');
    assert.equal((await turn.invoke('AttemptCompletion', {}, ctx)).status, 'success');
    assert.deepEqual(ran, ['Bash', 'Skill', 'Read', 'AttemptCompletion']);
    // The next turn wraps afresh: nothing narrowed.
    assert.equal((await withSkillScope(inner).invoke('Bash', {}, ctx)).status, 'success');
  });
});

describe('SkillCatalog', () => {
  it('reloads what changed, and reports the same problems only once', async () => {
    const ws = await TempWorkspace.create({ '.claude/skills/a/SKILL.md': '---\nname: a\n---\nno description\n' });
    try {
      const reported: string[][] = [];
      const catalog = new SkillCatalog(() => loadSkills({ project: new NodeWorkspaceFs(ws.root) }), (problems) => reported.push(problems.map((p) => p.file)));
      await catalog.reload();
      await catalog.reload();
      assert.deepEqual(reported, [['.claude/skills/a/SKILL.md']]);
      await ws.write('.claude/skills/a/SKILL.md', '---\nname: a\ndescription: Now valid.\n---\nbody\n');
      await catalog.reload();
      assert.deepEqual(catalog.skills.map((s) => s.description), ['Now valid.']);
      assert.equal(reported.length, 1);
    } finally {
      await ws.cleanup();
    }
  });
});
