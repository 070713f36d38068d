import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { WebFetchError, type WebClient, type WebGetOptions, type WebResponse } from '../../core/ports/webClient';
import { htmlToMarkdown } from './htmlToMarkdown';
import { readCappedBody } from './cappedBody';
import { saveDownload } from './downloads';
import { proxiedLookupMs, refuseProxiedName } from './proxiedNameCheck';

export interface NodeWebClientOptions {
  /** Where a conversation's downloads (PDF, images) are saved: `<dir>/<conversationId>/`. */
  downloadsDir: string;
  /** Whether VS Code's proxy settings send this URL through a proxy (then the proxy connects, not us). */
  proxied?(url: URL): boolean;
  userAgent?: string;
  /** Name resolution; dns.lookup by default (tests give made-up names their addresses). */
  resolve?(hostname: string): Promise<dns.LookupAddress[]>;
}

const systemResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true });

export const codeAgentUserAgent = 'CodeAgent (VS Code extension; WebFetch)';

/**
 * WebFetch's HTTP GET through Node's http/https, which VS Code's extension host patches with the user's proxy
 * settings (`http.proxy`, `http.noProxy`, `http.proxyStrictSSL`, system certificates), as model requests are.
 * A direct connection resolves the name through `lookup` below, which refuses addresses `checkAddress` refuses,
 * so the address checked is the one connected to (no DNS rebinding between a check and the connection).
 * Through a proxy the name is resolved here first where possible, and a refused answer refuses the fetch.
 */
export class NodeWebClient implements WebClient {
  constructor(private readonly options: NodeWebClientOptions) {}

  async get(url: URL, options: WebGetOptions): Promise<WebResponse> {
    if (this.options.proxied?.(url)) {
      const started = Date.now();
      const refused = await refuseProxiedName(url.hostname, this.options.resolve ?? systemResolve, options.checkAddress, Math.min(options.timeoutMs, proxiedLookupMs));
      if (refused) throw new WebFetchError('address_refused', refused);
      if (options.signal.aborted) throw Object.assign(new Error('The fetch was cancelled.'), { name: 'AbortError' });
      return this.request(url, { ...options, timeoutMs: Math.max(1, options.timeoutMs - (Date.now() - started)) });
    }
    return this.request(url, options);
  }

  private request(url: URL, options: WebGetOptions): Promise<WebResponse> {
    return new Promise<WebResponse>((resolve, reject) => {
      let settled = false;
      let lookedUp = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal.removeEventListener('abort', onAbort);
        request.destroy();
        reject(error);
      };
      const succeed = (response: WebResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal.removeEventListener('abort', onAbort);
        resolve(response);
      };
      const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
        const reply = callback as unknown as (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;
        (this.options.resolve ?? systemResolve)(hostname).then((list) => {
          const target = hostname.toLowerCase().replace(/\.$/, '') === url.hostname.toLowerCase().replace(/\.$/, '');
          if (target) {
            lookedUp = true;
            // Any refused address refuses the name: a name that also points inward is not fetched.
            const refused = list.map((a) => options.checkAddress(a.address)).find((reason) => reason !== undefined);
            if (refused) {
              fail(new WebFetchError('address_refused', refused));
              return reply(Object.assign(new Error(refused), { code: 'EADDRREFUSED' }), '');
            }
          }
          const first = list[0];
          if (!first) return reply(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
          if ((lookupOptions as { all?: boolean }).all) return reply(null, list);
          reply(null, first.address, first.family);
        }, (error: Error) => reply(error, ''));
      };
      const module = url.protocol === 'https:' ? https : http;
      const request = module.request(url, {
        method: 'GET',
        lookup,
        headers: {
          'user-agent': this.options.userAgent ?? codeAgentUserAgent,
          accept: 'text/html, application/xhtml+xml, text/markdown, text/plain, application/json;q=0.9, */*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
        },
      });
      request.on('socket', (socket: Socket) => {
        const checkConnected = () => {
          const direct = lookedUp || !this.options.proxied?.(url);
          const reason = direct && socket.remoteAddress ? options.checkAddress(socket.remoteAddress) : undefined;
          if (reason) fail(new WebFetchError('address_refused', reason));
        };
        if (socket.remoteAddress) checkConnected();
        else socket.once('connect', checkConnected);
      });
      request.on('error', (error) => fail(networkError(error, url)));
      request.on('response', (response) => {
        readCappedBody(response, options.maxBytes).then(
          (body) => succeed({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            contentType: String(response.headers['content-type'] ?? ''),
            location: typeof response.headers.location === 'string' ? response.headers.location : undefined,
            body,
            remoteAddress: request.socket?.remoteAddress,
          }),
          (error: Error) => fail(error),
        );
      });
      const timer = setTimeout(() => fail(new WebFetchError('timeout', `${url.host} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`)), options.timeoutMs);
      const onAbort = () => fail(Object.assign(new Error('The fetch was cancelled.'), { name: 'AbortError' }));
      if (options.signal.aborted) return onAbort();
      options.signal.addEventListener('abort', onAbort, { once: true });
      request.end();
    });
  }

  htmlToMarkdown(html: string): { title: string; markdown: string } {
    return htmlToMarkdown(html);
  }

  saveDownload(conversationId: string, url: URL, contentType: string, body: Uint8Array): Promise<string> {
    return saveDownload(this.options.downloadsDir, conversationId, url, contentType, body);
  }
}

function networkError(error: Error, url: URL): Error {
  if (error instanceof WebFetchError) return error;
  const code = (error as { code?: string }).code;
  const why = code === 'ENOTFOUND' ? `the name ${url.hostname} does not resolve` : code === 'ECONNREFUSED' ? 'the connection was refused' : error.message;
  return new WebFetchError('network', `Could not fetch ${url.href}: ${why}.`);
}
