import { spawn } from 'node:child_process';

/** The environment a login shell sets up (PATH from the profile, nvm, pyenv…), without the shell's own noise. */
const dropped = new Set(['_', 'SHLVL', 'PWD', 'OLDPWD']);
const cache = new Map<string, Promise<NodeJS.ProcessEnv>>();

/**
 * Runs the user's login shell once and keeps the environment it sets up, so every command runs in a plain
 * `-c` shell with it. A login shell per command would re-run the profile each time (often half a second:
 * `pyenv init`, `nvm`), and a command stopped while the profile still runs can leave the profile's tools in a
 * broken state (a stale `pyenv rehash` lock made every later shell wait a minute). When the profile fails or
 * takes longer than `timeoutMs`, commands get `base` as it is.
 */
export function loginShellEnvironment(shell: string, base: NodeJS.ProcessEnv = process.env, timeoutMs = 10_000): Promise<NodeJS.ProcessEnv> {
  const key = `${shell}\u0000${base.HOME ?? ''}\u0000${base.PATH ?? ''}`;
  let resolved = cache.get(key);
  if (!resolved) {
    resolved = readLoginEnvironment(shell, base, timeoutMs);
    cache.set(key, resolved);
  }
  return resolved;
}

function readLoginEnvironment(shell: string, base: NodeJS.ProcessEnv, timeoutMs: number): Promise<NodeJS.ProcessEnv> {
  return new Promise((resolve) => {
    const child = spawn(shell, ['-lc', 'env -0'], { env: base, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      resolve(base);
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => {
      clearTimeout(timer);
      resolve(base);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const env = code === 0 ? parseEnv(Buffer.concat(chunks).toString('utf8')) : undefined;
      resolve(env && env.PATH ? env : base);
    });
  });
}

function parseEnv(text: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const entry of text.split('\0')) {
    const at = entry.indexOf('=');
    if (at <= 0) continue;
    const name = entry.slice(0, at);
    if (!dropped.has(name)) env[name] = entry.slice(at + 1);
  }
  return env;
}
