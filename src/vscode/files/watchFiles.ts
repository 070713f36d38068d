import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { watchedGlob } from './watchedGlob';

/** The events the callers listen to, from one or more watchers. */
export interface FilesWatcher extends vscode.Disposable {
  onDidCreate: vscode.Event<vscode.Uri>;
  onDidChange: vscode.Event<vscode.Uri>;
  onDidDelete: vscode.Event<vscode.Uri>;
}

/**
 * A watcher for `glob` under `base` (the workspace or the home folder), rooted at the folder the glob names (see
 * watchedGlob), never at home. While that folder does not exist, its nearest existing parent is watched (not
 * recursively) for it to appear, so `mkdir -p .claude/commands && …` is seen at once: VS Code itself notices a
 * missing folder only later, after the first files in it were written, and they were missed.
 */
export function watchFiles(base: string, glob: string): FilesWatcher {
  const { folder, pattern } = watchedGlob(base, glob);
  const watchers = [vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), pattern))];
  const missing = nearestMissing(folder);
  if (missing) watchers.push(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(missing)), path.basename(missing)), false, true, true));
  const merged = (pick: (w: vscode.FileSystemWatcher) => vscode.Event<vscode.Uri>): vscode.Event<vscode.Uri> => (listener, thisArgs, disposables) => {
    const subscriptions = watchers.map((w) => pick(w)(listener, thisArgs));
    const all = vscode.Disposable.from(...subscriptions);
    disposables?.push(all);
    return all;
  };
  return {
    onDidCreate: merged((w) => w.onDidCreate),
    onDidChange: merged((w) => w.onDidChange),
    onDidDelete: merged((w) => w.onDidDelete),
    dispose: () => watchers.forEach((w) => w.dispose()),
  };
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
