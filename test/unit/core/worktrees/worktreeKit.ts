import { NodeGitCli } from '../../../../src/node/nodeGitCli';
import { NodeLocalFiles } from '../../../../src/node/nodeLocalFiles';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { createWorktree } from '../../../../src/core/worktrees/createWorktree';
import { applyWorktree } from '../../../../src/core/worktrees/applyWorktree';
import type { WorktreeRecord } from '../../../../src/core/worktrees/worktreeRecord';
import { TempRepo, tempDir } from '../../../support/gitRepos';

export const git = new NodeGitCli();
export const files = new NodeLocalFiles();

/** A repository and a storage folder for its worktrees, both removed after each test. */
export function useRepoWithStorage(initial: Record<string, string | Uint8Array> = { 'src/a.ts': 'export const a = 1;\n' }) {
  const state: { repo?: TempRepo; storage?: string } = {};
  beforeEach(async () => {
    state.repo = await TempRepo.create(initial);
    state.storage = await tempDir('codeagent-storage-');
  });
  afterEach(async () => {
    await state.repo?.cleanup(state.storage!);
  });
  return {
    get repo() { return state.repo!; },
    get storage() { return state.storage!; },
  };
}

let counter = 0;

export async function newWorktree(repo: TempRepo, storage: string, seed = 'fix the thing', folder = repo.root): Promise<WorktreeRecord> {
  const created = await createWorktree({ git, folder, storageDir: storage, seed, suffix: () => `s${++counter}`, now: () => 1000 });
  if (!created.ok) throw new Error(`no worktree: ${created.problem} ${created.detail ?? ''}`);
  return created.worktree;
}

export function applyTo(worktree: WorktreeRecord) {
  return applyWorktree({ git, files, worktree, target: new NodeWorkspaceFs(worktree.repoRoot) });
}
