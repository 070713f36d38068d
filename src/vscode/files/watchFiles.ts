import * as path from 'node:path';
import * as vscode from 'vscode';
import { watchedGlob } from './watchedGlob';

/**
 * Calls `onChange` when a file matching `glob` under `base` (the workspace or the home folder) is created, changed
 * or deleted. The watcher is rooted at the folder the glob names (see watchedGlob), never at home. Each folder on the
 * way there is also watched from its parent (not recursively), so `mkdir -p .claude/commands && …` is seen at once,
 * and so is a `.claude` that a checkout removed and brought back: VS Code notices a watched folder that is missing, or
 * was deleted, only later (it polls for it), after the first files in it were written, and those were missed. A
 * folder deleted and created again at once reaches the parent's watcher as one change, not as a delete and a create.
 */
export function watchFiles(base: string, glob: string, onChange: () => void): vscode.Disposable {
  const { folder, pattern } = watchedGlob(base, glob);
  const watchers = [vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), pattern))];
  for (const inner of foldersBetween(base, folder)) {
    watchers.push(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(inner)), path.basename(inner))));
  }
  for (const watcher of watchers) {
    watcher.onDidCreate(onChange);
    watcher.onDidChange(onChange);
    watcher.onDidDelete(onChange);
  }
  return vscode.Disposable.from(...watchers);
}

/** `reload` 200 ms after the last change to any of the files `[base, glob]` name: a checkout that saves many reloads once. */
export function reloadOnChange(places: ReadonlyArray<readonly [base: string, glob: string]>, reload: () => unknown): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), 200);
  };
  return vscode.Disposable.from(...places.map(([base, glob]) => watchFiles(base, glob, schedule)), { dispose: () => clearTimeout(timer) });
}

/** The folders below `base` down to `folder`, `folder` included: `~` and `~/.claude/commands` give `~/.claude`, `~/.claude/commands`. */
function foldersBetween(base: string, folder: string): string[] {
  const top = base.replace(/\/+$/, '');
  const folders: string[] = [];
  for (let current = folder; current !== top && current.startsWith(`${top}/`); current = path.dirname(current)) folders.push(current);
  return folders;
}
