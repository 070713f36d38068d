import * as path from 'node:path';
import type * as vscode from 'vscode';
import { ListedConversationStore } from '../core/conversation/listedConversationStore';
import { CurrentConversationFile } from '../node/currentConversationFile';
import { FileConversationStore } from '../node/fileConversationStore';

/** The workspace's saved conversations (their list kept in memory: spec §24) and which one the window shows. */
export function openConversationStorage(context: vscode.ExtensionContext, warn: (problem: string) => void) {
  const storageDir = path.join((context.storageUri ?? context.globalStorageUri).fsPath, 'conversations');
  return {
    storageDir,
    store: new ListedConversationStore(new FileConversationStore(storageDir, { onProblem: warn })),
    currentConversation: new CurrentConversationFile(storageDir),
  };
}
