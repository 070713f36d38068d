import type { ModelCatalog } from '../ports/modelCatalog';
import { modelPresets, type ModelPreset } from './presets';

export interface LocalServer {
  presetId: ModelPreset['id'];
  name: string;
  baseUrl: string;
  models: string[];
}

/** Long enough for a loopback server under load, short enough that onboarding does not wait on an absent one. */
export const localProbeTimeoutMs = 700;

/** Asks every local preset's default port for its models at once; the servers that answered, in preset order. */
export async function detectLocalServers(catalog: ModelCatalog, signal?: AbortSignal, presets: readonly ModelPreset[] = modelPresets): Promise<LocalServer[]> {
  const candidates = presets.filter((preset) => preset.local);
  const listings = await Promise.all(candidates.map((preset) => catalog.listModels({ baseUrl: preset.baseUrl, apiKey: undefined, timeoutMs: localProbeTimeoutMs }, signal)));
  return candidates.flatMap((preset, i) => {
    const listing = listings[i]!;
    return listing.ok ? [{ presetId: preset.id, name: preset.name, baseUrl: preset.baseUrl, models: listing.models }] : [];
  });
}
