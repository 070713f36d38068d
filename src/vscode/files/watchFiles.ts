import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { watchedGlob } from './watchedGlob';

/**
 * Calls `onChange` when a file matching `glob` under `base` (the workspace or the home folder) is created, changed
 * or deleted. The watcher is rooted at the folder the glob names (see watchedGlob), never at home. While that folder
 * does not exist, its nearest existing parent is watched (not recursively) for it to appear, so
 * `mkdir -p .claude/commands && …` is seen at once: VS Code itself notices a missing folder only later, after the
 * first files in it were written, and they were missed.
 */
export function watchFiles(base: string, glob: string, onChange: () => void): vscode.Disposable {
  const { folder, pattern } = watchedGlob(base, glob);
  const watchers = [vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), pattern))];
  const missing = nearestMissing(folder);
  if (missing) watchers.push(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(missing)), path.basename(missing)), false, true, true));
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

/** The outermost missing folder on the way to `folder` (its parent exists), or undefined when `folder` exists. */
function nearestMissing(folder: string): string | undefined {
  let missing: string | undefined;
  for (let current = folder; !fs.existsSync(current); current = path.dirname(current)) {
    missing = current;
    if (path.dirname(current) === current) break;
  }
  return missing;
}
