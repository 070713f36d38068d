import type { ModelCatalog, ModelListing } from '../ports/modelCatalog';

/**
 * The header picker asks for the endpoint's models each time it opens; a short-lived cache keeps that
 * instant without showing a list long out of date. Failures are never cached: the user is fixing them.
 */
export class ModelListCache {
  private entry: { key: string; at: number; listing: ModelListing } | undefined;

  constructor(
    private readonly catalog: ModelCatalog,
    private readonly now: () => number,
    private readonly ttlMs = 30_000,
  ) {}

  async list(baseUrl: string, apiKey: string | undefined): Promise<ModelListing> {
    const key = `${baseUrl}\n${apiKey ?? ''}`;
    const cached = this.entry;
    if (cached && cached.key === key && this.now() - cached.at < this.ttlMs) return cached.listing;
    const listing = await this.catalog.listModels({ baseUrl, apiKey });
    this.entry = listing.ok ? { key, at: this.now(), listing } : undefined;
    return listing;
  }

  clear(): void {
    this.entry = undefined;
  }
}
