import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { indexFile } from '../core/memory/memoryPaths';
import { memoryStoreAt } from '../node/memoryFolders';
import { l10n } from './hostL10n';

/** `CodeAgent: Open Memory` and `/memory`: both indexes in editors, made empty when missing (plain files the user edits). */
export async function openMemory(root: string | undefined, log: (message: string) => void): Promise<void> {
  const store = memoryStoreAt(root ?? os.homedir());
  for (const scope of root ? (['user', 'project'] as const) : (['user'] as const)) {
    try {
      if (!(await store.stat(scope, indexFile))) await store.write(scope, indexFile, '');
      const file = vscode.Uri.file(path.join(await store.folder(scope), indexFile));
      await vscode.window.showTextDocument(file, { preview: false, viewColumn: scope === 'user' ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside });
    } catch (error) {
      log(`Open Memory: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showWarningMessage(l10n.t('CodeAgent could not open the memory index: {0}', error instanceof Error ? error.message : String(error)));
    }
  }
}
