import { homeSecretPaths } from './sandboxPolicy';

/** Errors a command prints when the sandbox refused it something, with the path or host they name. */
const refusedPath = /([^\s:'"`]+)['"`]?: (?:Read-only file system|Permission denied|Operation not permitted)/;
/** A secret file the sandbox hides reads as missing. */
const missingPath = /([^\s:'"`]+)['"`]?: No such file or directory/;
const secretName = /^(\.env(\..+)?|.+\.(pem|key|p12|pfx)|id_(rsa|ed25519|ecdsa)|\.npmrc|\.netrc)$/;

/** A path under one of the home folder's secret folders, or a secret file by its name (spec §4). */
export function looksSecret(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return secretName.test(name) || homeSecretPaths.some((secret) => path.includes(`/${secret}/`) || path.endsWith(`/${secret}`) || path.startsWith(`~/${secret}`));
}
const refusedNetwork = /(Could not resolve host|Couldn't connect to server|Network is unreachable|ENETUNREACH|EAI_AGAIN|ECONNREFUSED|getaddrinfo|Temporary failure in name resolution|blocked-by-sandbox-runtime|403 Forbidden)/i;

/** What a failed sandboxed command's stderr says the sandbox refused: the paths it names, and whether the network was. */
export function refusalsInOutput(stderr: string): string[] {
  const found = new Set<string>();
  for (const line of stderr.split('\n')) {
    const path = refusedPath.exec(line)?.[1];
    const missing = missingPath.exec(line)?.[1];
    if (path !== undefined) found.add(`write or read refused: ${path}`);
    else if (missing !== undefined && looksSecret(missing)) found.add(`read refused: ${missing} (secret files are hidden in the sandbox; it may exist)`);
    else if (refusedNetwork.test(line)) found.add(`network refused: ${line.trim().slice(0, 200)}`);
  }
  return [...found].slice(0, 20);
}

/**
 * Spec §18: the model hears what the sandbox blocked (the runtime's reports, and the refusals the command's own errors
 * name) and that the sandbox did it, with the way out: asking the user to run it outside.
 */
export function sandboxNote(reported: readonly string[], stderr: string, failed: boolean, policy: string | undefined): string | undefined {
  const seen = failed ? [...reported, ...refusalsInOutput(stderr)] : [...reported];
  if (seen.length === 0) return failed && policy ? `(Ran in CodeAgent's sandbox: ${policy})` : undefined;
  return [
    'The sandbox blocked this command:',
    ...[...new Set(seen)].map((line) => `- ${line}`),
    `This was CodeAgent's sandbox, not the system${policy ? ` (${policy})` : ''}. If the command needs this, call Bash again with sandbox: false; the user is asked before it runs outside the sandbox.`,
  ].join('\n');
}
