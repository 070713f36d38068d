import * as os from 'node:os';
import * as vscode from 'vscode';
import { SkillCatalog } from '../core/skills/skillCatalog';
import { loadSkills, skillFolders, type SkillProblem } from '../core/skills/skillLoader';
import { NodeWorkspaceFs } from '../node/nodeWorkspaceFs';
import { reloadOnChange } from './files/watchFiles';

/**
 * Skills (spec §17) from the workspace's `.codeagent/skills`, `.claude/skills`, `.github/skills`, `.agents/skills`
 * and the same folders under the home directory; loaded at activation and again whenever a file in them changes.
 */
export function watchSkillFiles(workspaceRoot: string | undefined, report: (problems: SkillProblem[]) => void): { catalog: SkillCatalog; disposables: vscode.Disposable[] } {
  const home = os.homedir();
  const catalog = new SkillCatalog(() => loadSkills({ project: workspaceRoot ? new NodeWorkspaceFs(workspaceRoot) : undefined, user: new NodeWorkspaceFs(home) }), report);
  void catalog.reload();
  const roots = [...(workspaceRoot ? [workspaceRoot] : []), home];
  const watched = reloadOnChange(roots.flatMap((root) => skillFolders.map((folder) => [root, `${folder}/**`] as const)), () => catalog.reload());
  return { catalog, disposables: [watched] };
}
