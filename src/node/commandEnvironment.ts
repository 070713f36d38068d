import { agentKeyNames, agentKeyVariable } from './agentKeyNames';

/** Spec §23: what an unasked command never sees: the agent's own keys and every name that says it is a secret. */
export const unaskedSecretNames = new RegExp(`${agentKeyNames.source}|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL`, 'i');

/**
 * Spec §23: the environment one command runs with. The agent's own keys (the model's, the search provider's, an MCP
 * server's: `ownSecrets`, by value, and their usual names) never reach a command; an unasked one also loses every
 * variable whose name says key, token, secret or password, and CDPATH (which would move its `cd`), and reads git
 * without the optional index refresh (a write).
 */
export function commandEnvironment(base: NodeJS.ProcessEnv, options: { unasked?: boolean; ownSecrets?: readonly string[]; extra?: Readonly<Record<string, string>> }): NodeJS.ProcessEnv {
  const secrets = new Set((options.ownSecrets ?? []).filter((value) => value.length >= 8));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || agentKeyVariable.test(name) || secrets.has(value)) continue;
    if (options.unasked && (unaskedSecretNames.test(name) || name === 'CDPATH')) continue;
    env[name] = value;
  }
  if (options.unasked) env.GIT_OPTIONAL_LOCKS = '0';
  return { ...env, ...options.extra };
}
