import * as assert from 'node:assert/strict';
import { withSmallBodyChunks } from '../../../../src/node/openai/smallBodyChunks';

/** A server's response whose body arrives in the given reads. */
function respond(reads: Uint8Array[], contentType: string): typeof fetch {
  return async () => new Response(new ReadableStream<Uint8Array>({
    start(controller) {
      for (const read of reads) controller.enqueue(read);
      controller.close();
    },
  }), { status: 200, statusText: 'OK', headers: { 'content-type': contentType, 'x-request-id': 'req-1' } });
}

async function pieces(response: Response): Promise<Uint8Array[]> {
  const result: Uint8Array[] = [];
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) result.push(piece);
  return result;
}

describe('withSmallBodyChunks: the SDK gets a streamed body in small pieces', () => {
  const sse = new TextEncoder().encode(Array.from({ length: 400 }, (_, i) => `data: {"n":${i},"text":"${'é'.repeat(i % 7)}"}\n\n`).join(''));

  it('an event stream read 64 KB at a time reaches the SDK in pieces of at most 2 KB, the same bytes, status and headers', async () => {
    const reads = [sse.subarray(0, 5000), sse.subarray(5000)];
    const response = await withSmallBodyChunks(respond(reads, 'text/event-stream; charset=utf-8'))('http://localhost/v1/chat/completions');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-request-id'), 'req-1');
    const got = await pieces(response);
    assert.ok(got.every((piece) => piece.length <= 2048), `pieces of ${Math.max(...got.map((p) => p.length))} bytes`);
    assert.ok(got.length >= Math.ceil(sse.length / 2048));
    assert.deepEqual(Buffer.concat(got), Buffer.from(sse));
  });

  it('any other response is the server\'s own, untouched', async () => {
    const json = new TextEncoder().encode(JSON.stringify({ data: [{ id: 'm' }], padding: 'x'.repeat(10_000) }));
    const response = await withSmallBodyChunks(respond([json], 'application/json'))('http://localhost/v1/models');
    const got = await pieces(response);
    assert.equal(got.length, 1);
    assert.equal(got[0]!.length, json.length);
  });
});
