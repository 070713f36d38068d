import { secretReadPaths, type SandboxPolicy } from './sandboxPolicy';

/**
 * Spec §23: where a command judged read-only runs, whatever `sandbox.enabled` says. It writes only its own temp folder
 * (and /dev/null, which the sandbox always leaves writable), reaches no host, and reads no secret file of §4 — neither
 * the home folder's nor any workspace folder's, nor those of the folder it runs in. Nothing is writable, so nothing
 * needs protecting from writes (no scan for nested repositories).
 */
export function readOnlyPolicy(input: { roots: readonly string[]; home: string }, ownTempDir: string, runsIn?: string): SandboxPolicy {
  const roots = runsIn === undefined || input.roots.includes(runsIn) ? input.roots : [...input.roots, runsIn];
  return { allowWrite: [ownTempDir], denyWrite: [], denyRead: secretReadPaths(roots, input.home), allowedDomains: [] };
}
