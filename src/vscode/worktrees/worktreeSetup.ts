import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceFs } from '../../core/ports/workspaceFs';
import type { Settings } from '../../core/settings';
import { WorktreePathIndex } from '../../core/worktrees/worktreePathIndex';
import { NodeGitCli } from '../../node/nodeGitCli';
import { NodeLocalFiles } from '../../node/nodeLocalFiles';
import { NodeWorkspaceFs } from '../../node/nodeWorkspaceFs';
import { systemClock } from '../../node/systemClock';
import { editorAwareFs } from '../editorAwareFs';
import { WorktreeChats } from './worktreeChats';
import { vscodeWorktreeUi } from './worktreeUi';

/** Spec §19 for the window: worktrees under the extension's global storage, git through its command line. */
export function setUpWorktrees(options: {
  globalStorage: vscode.Uri;
  workspaceRoot: () => string | undefined;
  settings: () => Settings;
  /** The agent's file system as the window wraps it (spec §15's marks), for what Apply writes. */
  wrapFs: (fs: WorkspaceFs) => WorkspaceFs;
  log: (message: string) => void;
}): { chats: WorktreeChats; paths: WorktreePathIndex } {
  const git = new NodeGitCli();
  const chats = new WorktreeChats({
    git,
    files: new NodeLocalFiles(),
    storageDir: path.join(options.globalStorage.fsPath, 'worktrees').split(path.sep).join('/'),
    workspaceFolder: options.workspaceRoot,
    trusted: () => vscode.workspace.isTrusted,
    settings: options.settings,
    userTree: (root) => options.wrapFs(editorAwareFs(new NodeWorkspaceFs(root))),
    ui: vscodeWorktreeUi(options.log),
    suffix: () => randomBytes(3).toString('hex'),
    now: Date.now,
    log: options.log,
  });
  return { chats, paths: new WorktreePathIndex(git, systemClock) };
}
