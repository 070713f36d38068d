import { z } from 'zod';

/** A conversation's worktree (spec §19), stored with the conversation so a reload brings it back. */
export const WorktreeRecord = z.object({
  /** The worktree's folder (absolute, outside the user's working tree): every tool of the conversation works here. */
  path: z.string().min(1),
  /** `codeagent/<short-name>`. */
  branch: z.string().min(1),
  /** The commit it started from: Apply brings what changed since. */
  base: z.string().regex(/^[0-9a-f]{40,64}$/),
  /** The user's working tree, where Apply lands. */
  repoRoot: z.string().min(1),
  /** The workspace folder's place in the repository when it is not the repository's root (`packages/app`). */
  subfolder: z.string().optional(),
  createdAt: z.number(),
  /** The user's tree had uncommitted changes then: the worktree started from HEAD without them. */
  startedWithoutUncommitted: z.boolean().optional(),
});
export type WorktreeRecord = z.infer<typeof WorktreeRecord>;

export const branchPrefix = 'codeagent/';

/** Where the conversation's tools work: the worktree's copy of the workspace folder. */
export function conversationRoot(worktree: WorktreeRecord): string {
  return worktree.subfolder ? `${worktree.path}/${worktree.subfolder}` : worktree.path;
}
