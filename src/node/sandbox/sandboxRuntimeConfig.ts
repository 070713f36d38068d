import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import type { SandboxPolicy } from '../../core/tools/sandboxPolicy';

/** Names that carry CodeAgent's own key or a model provider's: a sandboxed command never sees them. */
export const keyNames = /^(CODEAGENT_|OPENAI_API_KEY$|OPENAI_KEY$|ANTHROPIC_API_KEY$|AZURE_OPENAI_API_KEY$)/i;
/** Unset whether or not this process has them: the login shell's environment may. */
const knownKeyNames = ['CODEAGENT_API_KEY', 'OPENAI_API_KEY', 'OPENAI_KEY', 'ANTHROPIC_API_KEY', 'AZURE_OPENAI_API_KEY'];

/**
 * A policy in the runtime's terms. An empty `allowedDomains` is the runtime's "no host at all" (it still routes
 * through its proxy, which refuses everything); `secretNames` picks the variables of `environment` the command loses.
 */
export function sandboxRuntimeConfig(policy: SandboxPolicy, secretNames: RegExp = keyNames, environment: NodeJS.ProcessEnv = process.env): SandboxRuntimeConfig {
  const names = new Set([...knownKeyNames, ...Object.keys(environment).filter((name) => secretNames.test(name))]);
  const secretEnv = [...names].map((name) => ({ name, mode: 'deny' as const }));
  return {
    network: { allowedDomains: policy.allowedDomains, deniedDomains: [] },
    filesystem: { denyRead: policy.denyRead, allowWrite: policy.allowWrite, denyWrite: policy.denyWrite },
    credentials: { envVars: secretEnv },
  } as SandboxRuntimeConfig;
}
