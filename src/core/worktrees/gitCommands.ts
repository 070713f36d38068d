import type { GitCli, GitRunOptions } from '../ports/git';

/** A git command that failed: its arguments and what git said. */
export class GitFailure extends Error {
  constructor(readonly args: readonly string[], readonly exitCode: number, readonly stderr: string) {
    super(`git ${args.join(' ')} failed (${exitCode}): ${stderr.trim() || 'no message'}`);
  }
}

const decoder = new TextDecoder();

export function textOf(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** `git <args>` in `cwd`, its stdout; rejects with a GitFailure on a non-zero exit. */
export async function gitBytes(git: GitCli, cwd: string, args: readonly string[], options?: GitRunOptions): Promise<Uint8Array> {
  const out = await git.run(cwd, args, options);
  if (out.exitCode !== 0) throw new GitFailure(args, out.exitCode, out.stderr);
  return out.stdout;
}

/** The same as text, without its trailing newline. */
export async function gitText(git: GitCli, cwd: string, args: readonly string[], options?: GitRunOptions): Promise<string> {
  return textOf(await gitBytes(git, cwd, args, options)).replace(/\n$/, '');
}

/** NUL-separated output (`-z`) as its fields, the empty last one dropped. */
export function nulFields(bytes: Uint8Array): string[] {
  const fields = textOf(bytes).split('\0');
  if (fields.at(-1) === '') fields.pop();
  return fields;
}
