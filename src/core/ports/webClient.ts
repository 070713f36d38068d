/**
 * One HTTP GET for WebFetch (spec §22), without following redirects: core follows them, checking each URL and
 * host. The adapter goes through VS Code's proxy setup and asks `checkAddress` about the address it is about
 * to connect to (after the DNS lookup), so a name that resolves, or rebinds, to a refused address is never
 * connected to. Bodies are capped on the decompressed bytes.
 */
export interface WebClient {
  get(url: URL, options: WebGetOptions): Promise<WebResponse>;
  /** HTML as Markdown: the main content (reader view), without scripts, styles, navigation or images. */
  htmlToMarkdown(html: string, url: URL): { title: string; markdown: string };
  /** Saves a body that is neither text nor HTML in the conversation's storage; returns its path. */
  saveDownload(conversationId: string, url: URL, contentType: string, body: Uint8Array): Promise<string>;
}

export interface WebGetOptions {
  signal: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  /** Why this resolved address must not be connected to, or undefined when it may be. */
  checkAddress(address: string): string | undefined;
}

export interface WebResponse {
  status: number;
  statusText: string;
  contentType: string;
  /** The Location header of a redirect, as sent. */
  location?: string;
  body: Uint8Array;
  /** The address connected to, or undefined through a proxy (which connected for us). */
  remoteAddress?: string;
}

/** Thrown by the adapter for a failure the model should read (refused address, timeout, too large). */
export class WebFetchError extends Error {
  constructor(readonly code: 'address_refused' | 'timeout' | 'too_large' | 'network', message: string) {
    super(message);
    this.name = 'WebFetchError';
  }
}
