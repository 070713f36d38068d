import type { CommandRunner } from '../core/ports/commandRunner';
import type { TextSearch } from '../core/ports/textSearch';
import type { WorkspaceFs } from '../core/ports/workspaceFs';
import { ScanningTextSearch } from '../core/tools/scanningTextSearch';
import { NodeCommandRunner, type NodeCommandRunnerOptions } from './nodeCommandRunner';
import { NodeWorkspaceFs } from './nodeWorkspaceFs';
import { RipgrepTextSearch } from './ripgrepTextSearch';

export interface NodeToolPortsOptions {
  workspaceRoot: string;
  /** Bundled ripgrep locations to try first: vscodeRipgrepCandidates(vscode.env.appRoot). */
  ripgrepPaths?: readonly string[];
  commands?: NodeCommandRunnerOptions;
}

export interface ToolPorts {
  fs: WorkspaceFs;
  commands: CommandRunner;
  search: TextSearch;
}

/** The ports a ToolContext needs, implemented with Node for one workspace folder. */
export function createNodeToolPorts(options: NodeToolPortsOptions): ToolPorts {
  const fs = new NodeWorkspaceFs(options.workspaceRoot);
  return {
    fs,
    commands: new NodeCommandRunner(options.workspaceRoot, options.commands),
    search: new RipgrepTextSearch({ workspaceRoot: options.workspaceRoot, ripgrepPaths: options.ripgrepPaths, fallback: new ScanningTextSearch(fs) }),
  };
}
