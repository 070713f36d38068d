import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { WebFetchError } from '../../core/ports/webClient';

/**
 * A response body, decompressed, at most `maxBytes`: the cap counts the bytes after decompression, so a small
 * gzip bomb stops at the cap like a large page. A Content-Length over the cap is refused before reading.
 */
export function readCappedBody(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new WebFetchError('too_large', `The response is larger than ${Math.round(maxBytes / 1024 / 1024)} MB (decompressed); not fetched.`);
  const declared = Number(response.headers['content-length']);
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  const stream: Readable = encoding === 'gzip' || encoding === 'x-gzip' ? response.pipe(zlib.createGunzip())
    : encoding === 'deflate' ? response.pipe(zlib.createInflate())
      : encoding === 'br' ? response.pipe(zlib.createBrotliDecompress())
        : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const stop = (error: Error) => {
      if (done) return;
      // Settled before the streams are destroyed: destroying emits `aborted`, which is not the reason.
      done = true;
      reject(error);
      response.destroy();
      if (stream !== response) stream.destroy();
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return stop(tooLarge());
      chunks.push(chunk);
    });
    stream.on('end', () => {
      done = true;
      resolve(new Uint8Array(Buffer.concat(chunks)));
    });
    stream.on('error', (error) => stop(error instanceof WebFetchError ? error : new WebFetchError('network', `The response could not be read: ${error.message}`)));
    response.on('aborted', () => stop(new WebFetchError('network', 'The connection closed before the response ended.')));
  });
}
