/** Which models an OpenAI-compatible endpoint serves (`GET /models`). Implemented in src/node with the openai SDK. */

import type { UserText } from './translator';

/**
 * Why a listing failed, as far as the transport can tell; the core words it for the user. `userText`: the
 * transport's own words (`message`) in the user's language, when they are the transport's and not the system's.
 */
export type CatalogFailure =
  /** Nothing listens at the host and port (ECONNREFUSED). */
  | { kind: 'refused'; message: string }
  | { kind: 'timeout'; message: string; userText?: UserText }
  /** The server answered with an error status; `message` is the server's own text. */
  | { kind: 'http'; status: number; message: string }
  /** DNS, TLS, a reset connection, an answer that is not a model list. */
  | { kind: 'network'; message: string; userText?: UserText };

/**
 * imageInput: for the models whose listing says which inputs they take (OpenRouter's
 * `architecture.input_modalities`, or `input_modalities`), whether images are among them (spec §16).
 */
export type ModelListing = { ok: true; models: string[]; imageInput?: Record<string, boolean> } | { ok: false; failure: CatalogFailure };

export interface ModelListRequest {
  baseUrl: string;
  apiKey: string | undefined;
  /** Give up after this long (local server detection uses a short one). */
  timeoutMs?: number;
}

export interface ModelCatalog {
  /** Never throws: every failure comes back as a CatalogFailure. */
  listModels(request: ModelListRequest, signal?: AbortSignal): Promise<ModelListing>;
}
