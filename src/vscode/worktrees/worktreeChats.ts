import type { AgentSession } from '../../core/session/agentSession';
import type { Settings } from '../../core/settings';
import { errorMessage } from '../../core/errorMessage';
import { createWorktree, type CreatedWorktree } from '../../core/worktrees/createWorktree';
import type { RepositoryProblem } from '../../core/worktrees/gitRepository';
import { copyIgnoredFiles } from '../../core/worktrees/copyIgnoredFiles';
import { discardWorktree, worktreeState } from '../../core/worktrees/discardWorktree';
import { conversationRoot, type WorktreeRecord } from '../../core/worktrees/worktreeRecord';
import type { HostMessage, WorktreeView } from '../../protocol/messages';
import type { ReviewContext } from '../review/reviewActions';
import { l10n } from '../hostL10n';
import { applyToWorkspace, type ApplyDeps } from './worktreeApply';

/** What the worktree commands need of VS Code: its dialogs and windows (src/vscode/worktrees/worktreeUi.ts). */
export interface WorktreeUi {
  /** A long step with a progress notification. */
  progress<T>(title: string, task: () => Promise<T>): Promise<T>;
  /** A modal question; true when the user chose `confirm`. */
  confirm(message: string, detail: string, confirm: string): Promise<boolean>;
  info(message: string): void;
  warn(message: string): void;
  openWindow(folder: string): void;
}

export interface WorktreeChatsDeps extends ApplyDeps {
  /** The extension's global storage folder for worktrees: outside every working tree. */
  storageDir: string;
  workspaceFolder: () => string | undefined;
  /** False in Restricted Mode: an untrusted repository gets no worktree (git would read its configuration). */
  trusted: () => boolean;
  settings: () => Settings;
  ui: WorktreeUi;
  suffix: () => string;
}

/** Spec §19 for a chat view: make a worktree for a new conversation, show it, Apply, Open in New Window, Discard. */
export class WorktreeChats {
  /** Conversations whose Apply or Discard is under way (the bar shows it, a second click does nothing). */
  private readonly working = new Map<string, 'applying' | 'discarding'>();

  constructor(private readonly deps: WorktreeChatsDeps) {}

  /** A new worktree from HEAD with its ignored files copied, or undefined (the user was told why). */
  async create(seed = ''): Promise<WorktreeRecord | undefined> {
    const { git } = this.deps;
    if (!this.deps.trusted()) return void this.deps.ui.warn(l10n.t('New Chat in Worktree is unavailable in Restricted Mode: trust the workspace to let CodeAgent run git in it.'));
    const created = await this.deps.ui.progress(l10n.t('Creating a git worktree…'), () =>
      createWorktree({ git, folder: this.deps.workspaceFolder(), storageDir: this.deps.storageDir, seed, suffix: this.deps.suffix, now: this.deps.now })
        .catch((error: unknown): CreatedWorktree => ({ ok: false, problem: 'failed', detail: errorMessage(error) })));
    if (!created.ok) {
      this.deps.log(`No worktree: ${created.problem} ${created.detail ?? ''}`);
      return void this.deps.ui.warn(unavailableReason(created.problem, created.detail));
    }
    const { worktree } = created;
    this.deps.log(`Worktree ${worktree.branch} at ${worktree.path} from ${worktree.base}`);
    const globs = this.deps.settings().worktree.copyFiles;
    if (globs.length) await this.copyFiles(worktree, globs);
    return worktree;
  }

  /** `worktree.setupCommand`, '' for none. */
  setupCommand(): string {
    return this.deps.settings().worktree.setupCommand.trim();
  }

  /** The bar's view of the conversation's worktree; null for a conversation in the user's tree. */
  async view(session: AgentSession): Promise<WorktreeView | null> {
    const worktree = session.worktree;
    if (!worktree) return null;
    const state = await worktreeState(this.deps.files, worktree);
    const working = this.working.get(session.id);
    return { branch: worktree.branch, path: worktree.path, state, ...(worktree.startedWithoutUncommitted ? { startedWithoutUncommitted: true } : {}), ...(working ? { working } : {}) };
  }

  /** Sends the bar's state to the view. */
  async show(session: AgentSession, emit: (message: HostMessage) => void): Promise<void> {
    emit({ type: 'worktree', worktree: await this.view(session).catch(() => null) });
  }

  /** Why a message cannot start a turn in this conversation (its worktree is gone), or undefined. */
  async refusal(session: AgentSession): Promise<string | undefined> {
    const worktree = session.worktree;
    if (!worktree || (await worktreeState(this.deps.files, worktree)) === 'ready') return undefined;
    return l10n.t('The worktree of this conversation ({0}) is gone, so its tools have nowhere to work. Start a new chat.', worktree.path);
  }

  async act(action: 'apply' | 'openWindow' | 'discard', context: ReviewContext): Promise<void> {
    const { session } = context;
    const worktree = session.worktree;
    if (!worktree || this.working.has(session.id)) return;
    if (action === 'openWindow') return this.deps.ui.openWindow(conversationRoot(worktree));
    if (session.busy) return this.deps.ui.warn(l10n.t('Stop the running turn first.'));
    if (action === 'discard' && !(await this.deps.ui.confirm(l10n.t('Discard the worktree {0}?', worktree.branch), l10n.t('Its folder and its branch are deleted, with every change not applied to your workspace. This cannot be undone.'), l10n.t('Discard')))) return;
    this.working.set(session.id, action === 'apply' ? 'applying' : 'discarding');
    await this.show(session, context.emit);
    try {
      if (action === 'apply') await applyToWorkspace(this.deps, worktree, context);
      else {
        await discardWorktree(this.deps.git, this.deps.files, worktree);
        this.deps.ui.info(l10n.t('Discarded the worktree and its branch {0}.', worktree.branch));
      }
    } catch (error) {
      this.deps.log(`Worktree ${action} failed: ${errorMessage(error)}`);
      this.deps.ui.warn(l10n.t('The worktree action failed: {0}', errorMessage(error)));
    } finally {
      this.working.delete(session.id);
      await this.show(session, context.emit);
    }
  }

  private async copyFiles(worktree: WorktreeRecord, globs: readonly string[]): Promise<void> {
    const copied = await copyIgnoredFiles({
      git: this.deps.git, files: this.deps.files, worktree, globs,
      allowSecrets: (paths) => this.deps.ui.confirm(l10n.t('Copy files that may hold secrets into the worktree?'), paths.join('\n'), l10n.t('Copy')),
    }).catch((error: unknown) => {
      this.deps.ui.warn(l10n.t('The files of worktree.copyFiles could not be copied: {0}', errorMessage(error)));
      return undefined;
    });
    if (!copied) return;
    this.deps.log(`Worktree ${worktree.branch}: copied ${copied.copied.length} ignored file(s); skipped secrets: ${copied.skippedSecrets.join(', ') || 'none'}`);
    if (copied.failed.length) this.deps.ui.warn(l10n.t('Some files were not copied into the worktree: {0}', copied.failed.map((f) => `${f.path} (${f.message})`).join(', ')));
  }
}

/** What the command says when there can be no worktree here (spec §19: outside a git repository it says why). */
export function unavailableReason(problem: RepositoryProblem | 'failed', detail?: string): string {
  switch (problem) {
    case 'noFolder': return l10n.t('New Chat in Worktree needs a folder open: a worktree is a copy of a git repository.');
    case 'notRepository': return l10n.t('New Chat in Worktree is unavailable: the workspace folder is not in a git repository.');
    case 'noCommits': return l10n.t('New Chat in Worktree is unavailable: the repository has no commit yet, and a worktree starts from HEAD.');
    case 'gitMissing': return l10n.t('New Chat in Worktree is unavailable: git could not be run ({0}).', detail ?? '');
    default: return l10n.t('The worktree could not be created: {0}', detail ?? '');
  }
}
