import type { GitCli } from '../ports/git';
import type { LocalFiles } from '../ports/localFiles';

export interface MergeLabels {
  ours: string;
  base: string;
  theirs: string;
}

export type MergeResult = { merged: Uint8Array; conflicts: number } | { failed: string };

/**
 * `git merge-file` of three versions of a text file: the merged bytes, with conflict markers around every region
 * both sides changed (`conflicts` counts them; 0 is a clean merge). Nothing is written but scratch files.
 */
export async function mergeFile(git: GitCli, files: LocalFiles, versions: { ours: Uint8Array; base: Uint8Array; theirs: Uint8Array }, labels: MergeLabels): Promise<MergeResult> {
  const scratch = await files.makeTempDir('codeagent-merge-');
  try {
    const [ours, base, theirs] = [`${scratch}/ours`, `${scratch}/base`, `${scratch}/theirs`];
    await files.writeBytes(ours, versions.ours);
    await files.writeBytes(base, versions.base);
    await files.writeBytes(theirs, versions.theirs);
    const out = await git.run(scratch, ['merge-file', '-p', '-L', labels.ours, '-L', labels.base, '-L', labels.theirs, ours, base, theirs]);
    // Exit codes: 0 clean, 1…127 the number of conflicts, ≥ 128 (or negative) an error such as a binary input.
    if (out.exitCode < 0 || out.exitCode >= 128) return { failed: out.stderr.trim() || `git merge-file exited with ${out.exitCode}` };
    return { merged: out.stdout, conflicts: out.exitCode };
  } finally {
    await files.remove(scratch);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The content as text when it is text: valid UTF-8 without a NUL byte in its first 8000 bytes (git's own test for
 * binary). undefined for anything else, which is then only ever copied byte for byte.
 */
export function textOrUndefined(bytes: Uint8Array): string | undefined {
  if (bytes.subarray(0, 8000).includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
