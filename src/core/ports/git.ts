/** The `git` command line (spec §19: worktrees). Implemented with child_process in src/node/nodeGitCli.ts. */

export interface GitRunOptions {
  /** Added to git's environment (GIT_INDEX_FILE for a temporary index). */
  env?: Readonly<Record<string, string>>;
}

export interface GitOutput {
  /** Git's exit code; a command that could not start at all rejects instead. */
  exitCode: number;
  /** The bytes as git wrote them: a file's content may be binary. */
  stdout: Uint8Array;
  stderr: string;
}

export interface GitCli {
  /** Runs `git <args>` in `cwd` (absolute); never a shell, so no argument is ever interpreted. */
  run(cwd: string, args: readonly string[], options?: GitRunOptions): Promise<GitOutput>;
}
