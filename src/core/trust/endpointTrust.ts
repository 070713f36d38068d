import type { TrustSubject } from '../ports/trustStore';
import { userValue, workspaceValues, type SettingLayers } from './settingLayers';

export interface EndpointChoice {
  /** The endpoint to call; undefined: the user set none (the setting's default applies). */
  url: string | undefined;
  /** A workspace's endpoint that is not used, and why. */
  ignored?: { url: string; reason: 'notAllowed' | 'restrictedMode' };
}

/** The trust decision for sending requests and the API key to `url` from the setting `key` (e.g. `model.baseUrl`). */
export function endpointSubject(key: string, url: string): TrustSubject {
  return { kind: 'endpoint', name: key, definition: url.trim() };
}

/**
 * A `*.baseUrl` (spec §11): the user's own value, unless the workspace names another endpoint that the user
 * allowed for this workspace; Restricted Mode never takes the workspace's.
 */
export function chooseEndpoint(key: string, layers: SettingLayers, options: { workspaceTrusted: boolean; isAllowed: (subject: TrustSubject) => boolean }): EndpointChoice {
  const own = typeof userValue(layers) === 'string' ? (userValue(layers) as string) : undefined;
  const fromWorkspace = workspaceValues(layers).at(-1);
  if (typeof fromWorkspace !== 'string' || fromWorkspace.trim() === own?.trim()) return { url: own };
  if (!options.workspaceTrusted) return { url: own, ignored: { url: fromWorkspace, reason: 'restrictedMode' } };
  if (options.isAllowed(endpointSubject(key, fromWorkspace))) return { url: fromWorkspace };
  return { url: own, ignored: { url: fromWorkspace, reason: 'notAllowed' } };
}
