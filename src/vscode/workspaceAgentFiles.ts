/**
 * The files that shape the agent, the workspace's and the user's: agents, skills and slash commands, each watched and
 * reloaded, its problems in the log and in the chat.
 */
import * as vscode from 'vscode';
import type { McpPromptCatalog } from '../core/mcp/mcpPromptCatalog';
import { skillTool } from '../core/skills/skillTool';
import type { AnyToolDefinition } from '../core/tools/toolTypes';
import { watchAgentFiles } from './agentFiles';
import { watchCommandFiles } from './commandFiles';
import type { LoadProblem } from '../core/catalog/reloadingCatalog';
import { problemLogLines, problemsText } from './loadProblems';
import { watchSkillFiles } from './skillFiles';

export interface WorkspaceAgentFilesDeps {
  workspaceRoot: string | undefined;
  mcpPrompts: McpPromptCatalog;
  output: vscode.LogOutputChannel;
  /** Shown in the chat when it exists (agent and command files are told only on a later reload). */
  showWarning: (message: string) => void;
  /** Shown in the chat, waiting for it while activating (skill files load at once). */
  warnInChat: (message: string) => void;
  subscriptions: vscode.Disposable[];
}

export function watchWorkspaceAgentFiles(deps: WorkspaceAgentFilesDeps) {
  const logged = (kind: string, problems: readonly LoadProblem[]) => {
    for (const line of problemLogLines(kind, problems)) deps.output.warn(line);
  };
  const agents = watchAgentFiles(deps.workspaceRoot, (problems) => {
    logged('Agent file', problems);
    deps.showWarning(vscode.l10n.t('Agent files: {0}', problemsText(problems)));
  });
  const skills = watchSkillFiles(deps.workspaceRoot, (problems) => {
    logged('Skill file', problems);
    deps.warnInChat(vscode.l10n.t('Skill files: {0}', problemsText(problems)));
  });
  const commands = watchCommandFiles(deps.workspaceRoot, deps.mcpPrompts, (problems) => {
    logged('Command file', problems);
    deps.showWarning(vscode.l10n.t('Command files: {0}', problemsText(problems)));
  });
  deps.subscriptions.push(...agents.disposables, ...skills.disposables, ...commands.disposables);
  commands.catalog.onDidLoad(() => deps.output.info(`slash commands: ${commands.catalog.commands.map((c) => `/${c.name}`).join(', ') || 'none'}`));
  return { agents: agents.catalog, skills: skills.catalog, skill: skillTool(skills.catalog) as AnyToolDefinition, commands };
}
