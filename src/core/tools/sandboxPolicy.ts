/**
 * Spec §18: what a sandboxed command may touch. Writes: the workspace folders and the temp dir, never the files that
 * configure the agent or run code on open (§8), even inside the workspace. Reads: everything but secret files (§4).
 * Network: only the allowed hosts. Paths are absolute, POSIX.
 */

/** Written inside a workspace folder, these change what the agent or the editor does next (§8), so they stay read-only. */
export const protectedWorkspacePaths: readonly string[] = [
  '.vscode', '.claude', '.codeagent', '.github/hooks', '.git/hooks', '.git/config',
  // Not in §8 but the same threat: run by direnv, an MCP client, git or an IDE on their own.
  '.envrc', '.mcp.json', '.gitmodules', '.idea',
];

/** Secret files in the home folder (§4): keys and the credentials of clouds and registries. */
export const homeSecretPaths: readonly string[] = [
  '.ssh', '.aws', '.gnupg', '.docker', '.kube', '.azure', '.config/gcloud', '.config/gh', '.config/hub',
  '.npmrc', '.netrc', '.pypirc', '.pgpass', '.git-credentials', '.cargo/credentials', '.cargo/credentials.toml', '.gem/credentials',
];

/** Secret files in a workspace folder (§4), as the runtime's read globs. */
export const workspaceSecretGlobs: readonly string[] = ['.env', '.env.*', '*.pem', '*.key', '*.p12', '*.pfx', 'id_rsa', 'id_ed25519', 'id_ecdsa', '.npmrc', '.netrc'];

export interface SandboxPolicyInput {
  roots: readonly string[];
  home: string;
  tempDir: string;
  allowedDomains: readonly string[];
  /** True where `<root>/.git` is a file (a git worktree): its hooks live elsewhere and cannot be mounted over. */
  gitIsFile?: (root: string) => boolean;
  /** Repositories nested in a workspace folder (absolute paths): their hooks and config are protected too. */
  nestedRepositories?: (root: string) => readonly string[];
}

export interface SandboxPolicy {
  allowWrite: string[];
  denyWrite: string[];
  denyRead: string[];
  allowedDomains: string[];
}

const join = (dir: string, name: string) => `${dir.replace(/\/+$/, '')}/${name}`;

export function sandboxPolicy(input: SandboxPolicyInput): SandboxPolicy {
  const denyWrite = input.roots.flatMap((root) => protectedWorkspacePaths
    .filter((name) => !(name.startsWith('.git/') && input.gitIsFile?.(root)))
    .map((name) => join(root, name)))
    .concat(input.roots.flatMap((root) => (input.nestedRepositories?.(root) ?? []).flatMap((repo) => [join(repo, '.git/hooks'), join(repo, '.git/config')])));
  return {
    allowWrite: [...input.roots, input.tempDir],
    denyWrite,
    denyRead: secretReadPaths(input.roots, input.home),
    allowedDomains: [...input.allowedDomains],
  };
}

/** The secret files of §4 no sandboxed command reads: the home folder's, and each of `roots`' as globs. */
export function secretReadPaths(roots: readonly string[], home: string): string[] {
  return [...homeSecretPaths.map((name) => join(home, name)), ...roots.flatMap((root) => workspaceSecretGlobs.map((glob) => join(root, glob)))];
}

/** The policy in words the model can act on (it reads them in a blocked command's result). */
export function describePolicy(policy: SandboxPolicy): string {
  const hosts = policy.allowedDomains.length > 0 ? policy.allowedDomains.join(', ') : 'none';
  return `writes only inside ${policy.allowWrite.join(', ')} and never to ${protectedWorkspacePaths.join(', ')}; secret files (.env*, ~/.ssh, ~/.aws, credentials) cannot be read; network only to: ${hosts}`;
}
