import type { HookEntry } from '../hooks/hookConfig';
import type { LoadedHooks } from '../hooks/hookSources';
import type { TrustStore, TrustSubject } from '../ports/trustStore';
import { canonicalDefinition } from './canonicalDefinition';

/** The workspace's whole hook set as one subject: any change to any command, matcher, timeout or file asks again. */
export function workspaceHooksSubject(hooks: readonly HookEntry[]): TrustSubject {
  return { kind: 'hooks', name: 'workspace', definition: canonicalDefinition(hooks.map(({ source, event, matcher, command, timeoutSeconds }) => ({ source, event, matcher, command, timeoutSeconds }))) };
}

export interface ActiveHooks {
  /** What runs now. */
  hooks: HookEntry[];
  /** The workspace's set, not run: it needs the user's Allow (absent when there is none or it is allowed). */
  pending?: { hooks: HookEntry[]; subject: TrustSubject };
  /** Why nothing of the workspace runs, when it is not a matter of allowing. */
  note?: string;
}

/**
 * Spec §17 and docs/security.md: no hook at all when `hooks.enabled` is off (the user's setting only); the
 * user's own hooks run; the workspace's run only when the user allowed that exact set, and never in Restricted Mode.
 */
export function activeHooks(loaded: LoadedHooks, trust: TrustStore, options: { enabled: boolean; workspaceTrusted: boolean }): ActiveHooks {
  if (!options.enabled) return { hooks: [], note: 'hooks are turned off (codeagent.hooks.enabled)' };
  if (loaded.workspace.length === 0) return { hooks: [...loaded.user] };
  if (!options.workspaceTrusted) return { hooks: [...loaded.user], note: "the workspace is in Restricted Mode: its hooks do not run" };
  const subject = workspaceHooksSubject(loaded.workspace);
  if (trust.isAllowed(subject)) return { hooks: [...loaded.workspace, ...loaded.user] };
  return { hooks: [...loaded.user], pending: { hooks: loaded.workspace, subject } };
}
