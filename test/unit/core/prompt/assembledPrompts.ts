import type { AgentDefinition } from '../../../../src/core/agents/agentDefinition';
import { buildSystemPrompt } from '../../../../src/core/agent/systemPrompt';
import { estimateTokens } from '../../../../src/core/history/tokenEstimate';
import { subagentSystemPrompt } from '../../../../src/core/orchestration/subagentLauncher';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import { turnProfile, type TurnProfile } from '../../../../src/core/orchestration/turnProfile';
import { childToolRegistry } from '../../../../src/core/subagents/childTools';
import { languageTools } from '../../../../src/core/languageServices/languageTools';
import { FakeLanguageServices, VirtualClock } from '../languageServices/languageServicesKit';
import { SkillCatalog } from '../../../../src/core/skills/skillCatalog';
import { skillTool } from '../../../../src/core/skills/skillTool';
import type { AnyToolDefinition } from '../../../../src/core/tools/toolTypes';

/** A fixed environment, so the snapshots change only when the prompt does. */
export const environment = { os: 'Linux 6.8.0 (linux)', shell: '/bin/bash', workspaceRoot: '/home/dev/project', date: '2026-01-15' };

export const sampleAgents: AgentDefinition[] = [
  { name: 'reviewer', description: 'Reviews a change for bugs and missing tests; reports, never edits.', tools: { allow: ['Read', 'Grep', 'Glob', 'LS'] }, systemPrompt: 'You review code.', source: { path: '.codeagent/agents/reviewer.md', origin: 'project' } },
  { name: 'test-fixer', description: 'Runs the test suite and fixes failing tests.', tools: {}, systemPrompt: 'You fix tests.', source: { path: '.codeagent/agents/test-fixer.md', origin: 'project' } },
];

/** `vscode-*`: as the VS Code host builds them, with its language tools (spec §13); the others as a headless host. */
export type PromptName = 'xml' | 'native' | 'plan' | 'subagent' | 'vscode-xml' | 'vscode-native';

/** The full registry as the VS Code host builds it: its language tools (spec §13) and the Skill tool (spec §17). */
export function languageHostRegistry() {
  const skill = skillTool(new SkillCatalog(async () => ({ skills: [], problems: [] }))) as AnyToolDefinition;
  return createFullToolRegistry([skill], { language: languageTools(new FakeLanguageServices(), new VirtualClock(), () => 2000) });
}

export interface AssembledPrompt {
  /** The L1 system message exactly as sent. */
  system: string;
  /** Native mode's function declarations (sent beside the system message), as JSON. */
  functions?: string;
}

function mainPrompt(protocol: 'xml' | 'native', profile: TurnProfile): string {
  return buildSystemPrompt({ protocol, toolDocs: profile.toolDocs, ...environment, role: profile.role, modeSection: profile.modeSection });
}

/** The prompts as AgentSession and the sub-agent launcher assemble them, from the real tool registry. */
export function assembledPrompt(name: PromptName, agents: readonly AgentDefinition[] = []): AssembledPrompt {
  const all = name.startsWith('vscode-') ? languageHostRegistry() : createFullToolRegistry();
  const route = (planMode: boolean) => ({ kind: 'turn' as const, text: 'hi', planMode });
  switch (name) {
    case 'vscode-xml':
    case 'xml': return { system: mainPrompt('xml', turnProfile(all, route(false), agents)) };
    case 'vscode-native':
    case 'native': {
      const profile = turnProfile(all, route(false), agents);
      return { system: mainPrompt('native', profile), functions: JSON.stringify(profile.tools.specs(), null, 2) };
    }
    case 'plan': return { system: mainPrompt('xml', turnProfile(all, route(true), agents)) };
    case 'subagent': return { system: subagentSystemPrompt(childToolRegistry(all), 'xml', environment) };
  }
}

/** The snapshot file's text: the prompt, then native mode's function declarations. */
export function snapshotText(prompt: AssembledPrompt): string {
  return prompt.functions === undefined ? `${prompt.system}\n` : `${prompt.system}\n\n===== function declarations (native tools) =====\n${prompt.functions}\n`;
}

/** The project's estimate (spec §9), the one compaction uses. */
export function tokenLine(name: PromptName, prompt: AssembledPrompt): string {
  const system = estimateTokens(prompt.system);
  if (prompt.functions === undefined) return `${name}: ${system} tokens`;
  const functions = estimateTokens(prompt.functions);
  return `${name}: ${system + functions} tokens (system ${system} + function declarations ${functions})`;
}
