/** Names that carry CodeAgent's own key (spec §11) or a model provider's. */
const keyNames = /^(CODEAGENT_|OPENAI_API_KEY$|OPENAI_KEY$|ANTHROPIC_API_KEY$|AZURE_OPENAI_API_KEY$)/i;

/**
 * A hook's environment: the extension host's without the API key (by name, and any variable whose value is the
 * key in use or contains it), plus Claude Code's `CLAUDE_PROJECT_DIR` so hooks written for it find their scripts.
 */
export function hookEnvironment(base: NodeJS.ProcessEnv, secrets: readonly string[], projectDir: string): NodeJS.ProcessEnv {
  const live = secrets.filter((secret) => secret.length >= 8);
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || keyNames.test(name)) continue;
    if (live.some((secret) => value.includes(secret))) continue;
    env[name] = value;
  }
  env.CLAUDE_PROJECT_DIR = projectDir;
  return env;
}
