import type { TrustStore } from '../ports/trustStore';
import { chooseEndpoint, type EndpointChoice } from './endpointTrust';
import { isProtectedSetting, protectedSettingValue } from './protectedSettings';
import type { SettingLayers } from './settingLayers';

/** The part of VS Code's `WorkspaceConfiguration` for `codeagent` the reader uses. */
export interface LayeredConfiguration {
  get(key: string): unknown;
  inspect(key: string): SettingLayers | undefined;
}

export interface SettingsTrust {
  store: TrustStore;
  /** False in Restricted Mode. */
  workspaceTrusted: () => boolean;
  /** A workspace's `*.baseUrl` that is not used (yet): the caller asks and tells. */
  onEndpointIgnored: (key: string, ignored: NonNullable<EndpointChoice['ignored']>, used: string | undefined) => void;
}

/**
 * Raw `codeagent.*` values by section, for parseSettings. A repository is untrusted (spec §11): settings that
 * grant power come from the user's layer and a workspace may only tighten them; a workspace endpoint is used
 * only once the user allowed it.
 */
export function readTrustedSettings(config: LayeredConfiguration, keys: Record<string, readonly string[]>, trust: SettingsTrust): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(keys).map(([section, names]) => {
    const values: Record<string, unknown> = {};
    for (const name of names) {
      const value = read(config, `${section}.${name}`, trust);
      if (value !== undefined && value !== null) setPath(values, name, value);
    }
    return [section, values];
  }));
}

function read(config: LayeredConfiguration, key: string, trust: SettingsTrust): unknown {
  if (key.endsWith('.baseUrl')) {
    const choice = chooseEndpoint(key, config.inspect(key) ?? {}, { workspaceTrusted: trust.workspaceTrusted(), isAllowed: (subject) => trust.store.isAllowed(subject) });
    if (choice.ignored) trust.onEndpointIgnored(key, choice.ignored, choice.url);
    return choice.url;
  }
  if (isProtectedSetting(key)) return protectedSettingValue(key, config.inspect(key) ?? {}, trust.workspaceTrusted());
  return config.get(key);
}

/** `search.provider` read on its own (each key its own trust rule) lands nested, as the settings schema has it. */
function setPath(values: Record<string, unknown>, name: string, value: unknown): void {
  const parts = name.split('.');
  let target = values;
  for (const part of parts.slice(0, -1)) {
    const next = target[part];
    target = (target[part] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
  }
  target[parts.at(-1) ?? name] = value;
}
