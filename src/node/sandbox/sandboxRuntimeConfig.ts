import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import type { SandboxPolicy } from '../../core/tools/sandboxPolicy';
import { agentKeyNames, agentKeyVariables } from '../agentKeyNames';

/**
 * A policy in the runtime's terms. An empty `allowedDomains` is the runtime's "no host at all" (it still routes
 * through its proxy, which refuses everything); `secretNames` picks the variables of `environment` the command loses.
 */
export function sandboxRuntimeConfig(policy: SandboxPolicy, secretNames: RegExp = agentKeyNames, environment: NodeJS.ProcessEnv = process.env): SandboxRuntimeConfig {
  // The known names are unset whether or not this process has them: the login shell's environment may.
  const names = new Set([...agentKeyVariables, ...Object.keys(environment).filter((name) => secretNames.test(name))]);
  const secretEnv = [...names].map((name) => ({ name, mode: 'deny' as const }));
  return {
    network: { allowedDomains: policy.allowedDomains, deniedDomains: [] },
    filesystem: { denyRead: policy.denyRead, allowWrite: policy.allowWrite, denyWrite: policy.denyWrite },
    credentials: { envVars: secretEnv },
  } as SandboxRuntimeConfig;
}
