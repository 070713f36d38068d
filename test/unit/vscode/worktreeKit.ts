import '../../support/useFakeVscode';
import { PendingApprovals } from '../../../src/core/agent/pendingDecisions';
import { createIdGenerator } from '../../../src/core/ids';
import { createFullToolRegistry } from '../../../src/core/orchestration/toolSets';
import { Settings } from '../../../src/core/settings';
import { FileConversationStore } from '../../../src/node/fileConversationStore';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';
import { OpenAiModelClient } from '../../../src/node/openaiModelClient';
import type { HostMessage, WorktreeView } from '../../../src/protocol/messages';
import { ChatController } from '../../../src/vscode/chatController';
import { ReviewActions } from '../../../src/vscode/review/reviewActions';
import { sessionFactory } from '../../../src/vscode/sessionFactory';
import { WorktreeChats, type WorktreeUi } from '../../../src/vscode/worktrees/worktreeChats';
import type { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { until } from '../../support/until';
import { files, git } from '../core/worktrees/worktreeKit';

export interface UiRecord {
  infos: string[];
  warnings: string[];
  confirms: string[];
  opened: string[];
  /** What the next modal questions answer. */
  answer: boolean;
}

/** A chat view's controller as the extension builds it for a folder, with worktree conversations, over a real store. */
export function worktreeController(options: { server: ScriptedModelServer; folder: string | undefined; storage: string; storeDir: string; last: { id?: string }; settings?: Record<string, unknown>; approvals?: PendingApprovals; trusted?: boolean }) {
  const settings = Settings.parse({ model: { baseUrl: options.server.baseUrl, name: 'scripted-model', toolProtocol: 'native' }, approval: { autoApproveEdits: true }, ...options.settings });
  const ui: UiRecord = { infos: [], warnings: [], confirms: [], opened: [], answer: true };
  const fakeUi: WorktreeUi = {
    progress: (_title, task) => task(),
    confirm: async (message) => (ui.confirms.push(message), ui.answer),
    info: (message) => ui.infos.push(message),
    warn: (message) => ui.warnings.push(message),
    openWindow: (folder) => ui.opened.push(folder),
  };
  let suffix = 0;
  const chats = new WorktreeChats({
    git, files, storageDir: options.storage, workspaceFolder: () => options.folder, trusted: () => options.trusted ?? true, settings: () => settings,
    userTree: (root) => new NodeWorkspaceFs(root), ui: fakeUi, suffix: () => `t${++suffix}${Date.now().toString(36)}`, now: Date.now, log: () => {},
  });
  const approvals = options.approvals ?? new PendingApprovals();
  const createSession = sessionFactory({
    shared: { model: () => new OpenAiModelClient({ baseUrl: options.server.baseUrl, apiKey: undefined }), settings: () => settings, newId: createIdGenerator(Date.now, 't') },
    settings: () => settings,
    workspaceRoot: () => options.folder,
    tools: (language) => createFullToolRegistry([], { language }),
    languageAt: () => ({ tools: [], decorate: (tool) => tool }),
    approver: { request: (request, info, signal) => approvals.request(request, info, signal), forRoot: () => approvals },
    wrapFs: (fs) => fs,
  });
  const posted: HostMessage[] = [];
  const store = new FileConversationStore(options.storeDir);
  const c = new ChatController({
    createSession, approvals, store,
    lastConversation: { get: () => options.last.id, set: (id) => { options.last.id = id; } },
    onboarding: () => null, planMode: () => false, supportsImages: () => true, setPlanMode: () => {}, runCommand: () => {}, openFile: () => {},
    showContext: () => {}, confirmDelete: async () => true, suggestPaths: async () => [], log: () => {},
    review: new ReviewActions({ openChangeDiff: () => {}, openAllChanges: () => {}, confirmRestore: async () => 'restore', info: () => {}, warn: (m) => ui.warnings.push(m) }),
    worktrees: chats,
  });
  c.attach((message) => posted.push(message));
  /** The worktree bar's latest state, once it satisfies `test`. */
  const bar = async (test: (view: WorktreeView | null) => boolean = () => true) => {
    let found: WorktreeView | null | undefined;
    await until(() => {
      const last = posted.filter((m): m is Extract<HostMessage, { type: 'worktree' }> => m.type === 'worktree').at(-1);
      found = last?.worktree;
      return last !== undefined && test(last.worktree);
    }, { message: 'the worktree bar' });
    return found ?? null;
  };
  return { c, posted, store, ui, bar, approvals };
}
