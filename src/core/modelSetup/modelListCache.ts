import type { ModelCatalog, ModelListing } from '../ports/modelCatalog';

/**
 * The endpoint's models for the header picker, which asks each time it opens. What was listed shortly before shows at
 * once (`peek`), and the endpoint is asked again behind it (`refresh`): a model pulled into a local server a moment
 * ago is in the list when the user looks, and the list still drops down without a wait. Failures are never kept: the
 * user is fixing them.
 */
export class ModelListCache {
  private entry: { key: string; at: number; listing: ModelListing & { ok: true } } | undefined;

  constructor(
    private readonly catalog: ModelCatalog,
    private readonly now: () => number,
    private readonly ttlMs = 30_000,
  ) {}

  /** The listing kept for this endpoint and key within the last `ttlMs`, without asking the endpoint. */
  peek(baseUrl: string, apiKey: string | undefined): (ModelListing & { ok: true }) | undefined {
    const cached = this.entry;
    return cached && cached.key === keyOf(baseUrl, apiKey) && this.now() - cached.at < this.ttlMs ? cached.listing : undefined;
  }

  /** The kept listing, or the endpoint's own when none is kept. */
  async list(baseUrl: string, apiKey: string | undefined): Promise<ModelListing> {
    return this.peek(baseUrl, apiKey) ?? this.refresh(baseUrl, apiKey);
  }

  /** Asks the endpoint and keeps what it lists; a failure drops what was kept. */
  async refresh(baseUrl: string, apiKey: string | undefined): Promise<ModelListing> {
    const listing = await this.catalog.listModels({ baseUrl, apiKey });
    this.entry = listing.ok ? { key: keyOf(baseUrl, apiKey), at: this.now(), listing } : undefined;
    return listing;
  }

  clear(): void {
    this.entry = undefined;
  }
}

function keyOf(baseUrl: string, apiKey: string | undefined): string {
  return `${baseUrl}\n${apiKey ?? ''}`;
}
