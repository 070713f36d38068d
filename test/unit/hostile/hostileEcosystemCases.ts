import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { loadHooks } from '../../../src/core/hooks/hookSources';
import { loadProjectRules } from '../../../src/core/rules/projectRules';
import { loadSkills } from '../../../src/core/skills/skillLoader';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';
import { english } from '../../../src/core/ports/translator';

/** The shape of hostileCases.ts's cases, spelled out here so the two files do not import each other. */
interface HostileCase {
  readonly group: string;
  readonly name: string;
  run(env: { root: string }): Promise<{ unexpected?: string }>;
}

/**
 * Spec §17's files as hostile input: SKILL.md and `.instructions.md` with the front matter bombs of the rule and
 * agent tables, and hook files that are huge, malformed or misshapen. Each must be refused or bounded, with a
 * reason, and never keep a good file beside it from loading.
 */
export function skillCase(fm: { name: string; text: string }): HostileCase {
  return {
    group: 'skill front matter',
    name: `skill: ${fm.name}`,
    async run(env) {
      await write(env.root, '.claude/skills/hostile/SKILL.md', fm.text);
      await write(env.root, '.claude/skills/good/SKILL.md', '---\nname: good\ndescription: A good skill.\n---\nGOOD\n');
      const loaded = await loadSkills({ project: new NodeWorkspaceFs(env.root) });
      if (!loaded.skills.some((s) => s.name === 'good')) return { unexpected: 'a hostile skill kept the good one from loading' };
      const hostile = loaded.skills.find((s) => s.folder.endsWith('/hostile'));
      if (!hostile && !loaded.problems.some((p) => p.file === '.claude/skills/hostile/SKILL.md' && p.reason(english).endsWith('not loaded'))) return { unexpected: 'refused without a reason' };
      if (hostile && JSON.stringify({ ...hostile, fs: undefined }).length > 10_000) return { unexpected: `loaded with ${JSON.stringify(hostile).length} characters` };
      return {};
    },
  };
}

export function instructionCase(fm: { name: string; text: string }): HostileCase {
  return {
    group: 'instructions front matter',
    name: `.instructions.md: ${fm.name}`,
    async run(env) {
      await write(env.root, '.github/instructions/hostile.instructions.md', fm.text);
      await write(env.root, '.github/copilot-instructions.md', 'GOOD INSTRUCTIONS\n');
      const rules = await loadProjectRules(new NodeWorkspaceFs(env.root), { touchedPaths: ['src/a.ts'] });
      if (!rules.text.includes('GOOD INSTRUCTIONS')) return { unexpected: 'a hostile instructions file kept the good one from loading' };
      if (rules.text.length > 60_000) return { unexpected: `the rules block grew to ${rules.text.length} characters` };
      return {};
    },
  };
}

const goodHooks = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'good-hook' }] }] } });

export const hostileHookFiles: { name: string; text: string }[] = [
  { name: 'huge JSON (2 MB)', text: JSON.stringify({ hooks: {}, pad: 'x'.repeat(2 * 1024 * 1024) }) },
  { name: 'malformed JSON', text: '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [' },
  { name: 'JSON with comments', text: '// team hooks\n{"hooks": {}}' },
  { name: 'deep nesting (100,000 levels)', text: `{"hooks": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
  { name: 'hooks is a list', text: '{"hooks": [1, 2, 3]}' },
  { name: 'hooks is a string', text: '{"hooks": "rm -rf /"}' },
  { name: 'a number', text: '42' },
  { name: 'null', text: 'null' },
  { name: '__proto__ event', text: '{"hooks": {"__proto__": [{"hooks": [{"type": "command", "command": "evil"}]}]}}' },
  { name: 'constructor event', text: '{"hooks": {"constructor": [{"hooks": [{"type": "command", "command": "evil"}]}]}}' },
  { name: 'ten thousand hooks', text: JSON.stringify({ hooks: { PreToolUse: [{ hooks: Array.from({ length: 10_000 }, (_, i) => ({ type: 'command', command: `h${i}` })) }] } }) },
  { name: 'invalid regex matcher', text: '{"hooks": {"PreToolUse": [{"matcher": "(((", "hooks": [{"type": "command", "command": "x"}]}]}}' },
  { name: 'catastrophic regex matcher', text: '{"hooks": {"PreToolUse": [{"matcher": "(a+)+$", "hooks": [{"type": "command", "command": "x"}]}]}}' },
  { name: 'negative timeout', text: '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": -1}]}]}}' },
  { name: 'huge timeout', text: '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": 1e12}]}]}}' },
  { name: 'invalid UTF-8 bytes', text: '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "\uFFFD\uFFFD"}]}]}}' },
];

export function hookFileCase(file: { name: string; text: string }): HostileCase {
  return {
    group: 'hook files',
    name: `hooks.json: ${file.name}`,
    async run(env) {
      await write(env.root, '.codeagent/hooks.json', file.text);
      await write(env.root, '.claude/settings.json', goodHooks);
      const loaded = await loadHooks({ project: new NodeWorkspaceFs(env.root), user: undefined });
      if (!loaded.workspace.some((h) => h.command === 'good-hook')) return { unexpected: 'a hostile hook file kept the good one from loading' };
      const hostile = loaded.workspace.filter((h) => h.source === '.codeagent/hooks.json');
      if (hostile.length > 200) return { unexpected: `${hostile.length} hooks loaded from one file` };
      if (hostile.some((h) => h.timeoutSeconds <= 0 || h.timeoutSeconds > 600)) return { unexpected: 'a timeout outside 1 s … 600 s' };
      if (hostile.some((h) => h.command === 'evil')) return { unexpected: 'a hook under a prototype key was loaded' };
      if (hostile.length === 0 && !loaded.problems.some((p) => p(english).startsWith('.codeagent/hooks.json: ')) && !['__proto__ event'].includes(file.name)) return { unexpected: 'refused without a reason' };
      return {};
    },
  };
}

async function write(root: string, rel: string, text: string): Promise<void> {
  await fsp.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await fsp.writeFile(path.join(root, rel), text);
}
