import { userValue, workspaceValues, type SettingLayers } from './settingLayers';

/** Given the value so far and a workspace's value, what the workspace may make of it: never more permissive. */
type Tighten = (current: unknown, fromWorkspace: unknown) => unknown;

const userOnly: Tighten = (current) => current;
/** A switch that grants power: a workspace may turn it off, never on. */
const onlyOff: Tighten = (current, fromWorkspace) => (fromWorkspace === false ? false : current);
/** A list of what runs unasked: a workspace may only drop entries (the intersection). */
const onlyFewer: Tighten = (current, fromWorkspace) =>
  Array.isArray(current) && Array.isArray(fromWorkspace) ? current.filter((entry) => fromWorkspace.includes(entry)) : current;
/** An ordered choice, loosest first: a workspace may move it towards the strict end only. */
const onlyStricter = (order: readonly string[]): Tighten => (current, fromWorkspace) =>
  typeof current === 'string' && typeof fromWorkspace === 'string' && order.indexOf(fromWorkspace) > order.indexOf(current) ? fromWorkspace : current;

/**
 * Settings that grant power or start processes (spec §11 "A repository is untrusted"): taken from the user's
 * settings; a workspace may only make them stricter. Keys are relative to `codeagent.`.
 */
const rules: Record<string, Tighten> = {
  'approval.autoApproveReadOnly': onlyOff,
  'approval.autoApproveEdits': onlyOff,
  'approval.autoApproveCommands': onlyOff,
  'approval.commandAllowList': onlyFewer,
  // Spec §23: what always asks is the user's list; a repository could otherwise empty it.
  'approval.commandDenyList': userOnly,
  'approval.autoApproveMcpTools': onlyFewer,
  // `before`: the diff is approved before the file changes; `after`: the edit lands and is reviewed later.
  'approval.editReview': onlyStricter(['after', 'before']),
  'hooks.enabled': onlyOff,
  'mcp.servers': userOnly,
  // On, commands run unasked: a repository must not decide that for the user, nor off (it changes what asks).
  'sandbox.enabled': userOnly,
  'sandbox.allowedDomains': onlyFewer,
  // Spec §22: a repository may turn the web tools off, never add a host or choose where queries go.
  'web.enabled': onlyOff,
  'web.allowedDomains': userOnly,
  'web.search.provider': userOnly,
  // Spec §19: a repository must not make a command run, or files be copied, when the user opens a worktree.
  'worktree.setupCommand': userOnly,
  'worktree.copyFiles': userOnly,
  // Spec §21: what the agent remembers across conversations is the user's choice, on or off.
  'memory.enabled': userOnly,
};

function ruleFor(key: string): Tighten | undefined {
  // An approval setting added later is the user's alone until it has a rule of its own.
  return rules[key] ?? (key.startsWith('approval.') ? userOnly : undefined);
}

export function isProtectedSetting(key: string): boolean {
  return ruleFor(key) !== undefined;
}

/** Every protected key with a rule of its own, for the manifest's `restrictedConfigurations`. */
export const protectedSettingKeys: readonly string[] = Object.keys(rules);

/**
 * The value a protected setting takes: the user's, tightened by each workspace layer; in Restricted Mode
 * (`workspaceTrusted` false) the workspace is not read at all. Undefined for a key that is not protected.
 */
export function protectedSettingValue(key: string, layers: SettingLayers, workspaceTrusted: boolean): unknown {
  const tighten = ruleFor(key);
  if (!tighten) return undefined;
  const own = userValue(layers);
  if (!workspaceTrusted) return own;
  return workspaceValues(layers).reduce<unknown>((current, fromWorkspace) => tighten(current, fromWorkspace), own);
}
