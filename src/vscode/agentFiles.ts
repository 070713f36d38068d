import * as os from 'node:os';
import * as vscode from 'vscode';
import { loadAgents } from '../core/agents/agentLoader';
import type { AgentProblem } from '../core/agents/agentLoader';
import { AgentCatalog } from '../core/orchestration/agentCatalog';
import { NodeWorkspaceFs } from '../node/nodeWorkspaceFs';
import { reloadOnChange } from './files/watchFiles';

/**
 * Named agents from the workspace (`.codeagent/agents`, `.claude/agents`, `.github/agents`) and from
 * `~/.codeagent/agents`, loaded at activation and again whenever one of those files changes.
 */
export function watchAgentFiles(workspaceRoot: string | undefined, report: (problems: AgentProblem[]) => void): { catalog: AgentCatalog; disposables: vscode.Disposable[] } {
  const home = os.homedir();
  const catalog = new AgentCatalog(
    () => loadAgents({ project: new NodeWorkspaceFs(workspaceRoot ?? home), global: new NodeWorkspaceFs(home) }),
    report,
  );
  void catalog.reload();
  const watched = reloadOnChange([
    ...(workspaceRoot ? ['.codeagent/agents/*.md', '.claude/agents/*.md', '.github/agents/*.agent.md'].map((glob) => [workspaceRoot, glob] as const) : []),
    [home, '.codeagent/agents/*.md'],
  ], () => catalog.reload());
  return { catalog, disposables: [watched] };
}
