import { agentKeyNames } from '../agentKeyNames';

/**
 * A hook's environment: the extension host's without the API key (by name, and any variable whose value is the
 * key in use or contains it), plus Claude Code's `CLAUDE_PROJECT_DIR` so hooks written for it find their scripts.
 */
export function hookEnvironment(base: NodeJS.ProcessEnv, secrets: readonly string[], projectDir: string): NodeJS.ProcessEnv {
  const live = secrets.filter((secret) => secret.length >= 8);
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || agentKeyNames.test(name)) continue;
    if (live.some((secret) => value.includes(secret))) continue;
    env[name] = value;
  }
  env.CLAUDE_PROJECT_DIR = projectDir;
  return env;
}
