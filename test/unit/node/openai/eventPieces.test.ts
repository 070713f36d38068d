import * as assert from 'node:assert/strict';
import { withEventPieces } from '../../../../src/node/openai/eventPieces';

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

/** The body cut into reads of `size` bytes, as a socket might deliver it. */
function readsOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const reads: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) reads.push(bytes.subarray(at, at + size));
  return reads;
}

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (piece: Uint8Array) => new TextDecoder().decode(piece);
const endsAnEvent = (text: string) => /(\n\n|\r\r|\r\n\r\n)$/.test(text);

async function piecesOf(body: Uint8Array, readBytes: number): Promise<string[]> {
  const response = await withEventPieces(respond(readsOf(body, readBytes), 'text/event-stream; charset=utf-8'))('http://localhost/v1/chat/completions');
  return (await pieces(response)).map(decode);
}

describe('withEventPieces: the SDK gets a streamed body as whole events', () => {
  const small = Array.from({ length: 400 }, (_, i) => `data: {"n":${i},"text":"${'é'.repeat(i % 7)}"}\n\n`).join('');

  it('small events read 5,000 bytes at a time arrive grouped, each piece ending where an event ends, at most 2 KB', async () => {
    const response = await withEventPieces(respond(readsOf(encode(small), 5000), 'text/event-stream; charset=utf-8'))('http://localhost/v1/chat/completions');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-request-id'), 'req-1');
    const got = (await pieces(response)).map(decode);
    assert.equal(got.join(''), small);
    assert.ok(got.every(endsAnEvent), 'no piece cuts an event');
    assert.ok(got.every((piece) => encode(piece).length <= 2048), `pieces of ${Math.max(...got.map((p) => encode(p).length))} bytes`);
    assert.ok(got.length >= Math.ceil(encode(small).length / 2048) && got.length < 60, `${got.length} pieces`);
  });

  it('the text chunks of one read are joined across it: a 64 KB read of them reaches the SDK as one event, past 2 KB', async () => {
    const textChunk = (text: string) => `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"${text}"},"logprobs":null,"finish_reason":null}]}\n\n`;
    const texts = Array.from({ length: 2000 }, (_, i) => `word ${i} of many `);
    const body = encode(texts.map(textChunk).join(''));
    const reads = readsOf(body, 64 * 1024);
    const got = await piecesOf(body, 64 * 1024);
    assert.ok(got.every(endsAnEvent), 'no piece cuts an event');
    const events = got.flatMap((piece) => piece.split('\n\n').filter(Boolean));
    assert.equal(events.length, reads.length, `${events.length} events from ${reads.length} reads`);
    assert.ok(got.some((piece) => encode(piece).length > 2048), 'a joined event is not cut to 2 KB');
    const text = events.map((event) => (JSON.parse(event.slice(6)) as { choices: [{ delta: { content: string } }] }).choices[0].delta.content).join('');
    assert.equal(text, texts.join(''));
  });

  it('an event read in many small reads arrives whole, once its blank line has come', async () => {
    const big = `data: {"arguments":"${'x'.repeat(300_000)}"}\n\n`;
    const got = await piecesOf(encode(`data: 1\n\n${big}data: 2\n\n`), 1000);
    assert.ok(got.includes(big), 'the 300 KB event is one piece');
    assert.equal(got.join(''), `data: 1\n\n${big}data: 2\n\n`);
    assert.ok(got.every(endsAnEvent));
  });

  it('finds the ends the SDK finds (\\r\\n\\r\\n, \\r\\r, \\n\\n), also when a read splits them', async () => {
    const body = 'data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\n\r\n';
    for (const readBytes of [1, 2, 3, 5, 7, body.length]) {
      const got = await piecesOf(encode(body), readBytes);
      assert.equal(got.join(''), body, `reads of ${readBytes}`);
      assert.ok(got.every(endsAnEvent), `reads of ${readBytes}: ${JSON.stringify(got)}`);
    }
    // A \r\n line end is not an event's end: the event goes on to its blank line.
    assert.deepEqual(await piecesOf(encode('event: x\r\ndata: y\r\n\r\n'), 3), ['event: x\r\ndata: y\r\n\r\n']);
  });

  it('what follows the last blank line still reaches the SDK when the stream ends', async () => {
    assert.deepEqual(await piecesOf(encode('data: 1\n\ndata: [DONE]'), 4), ['data: 1\n\n', 'data: [DONE]']);
  });

  it('any other response is the server\'s own, untouched', async () => {
    const json = encode(JSON.stringify({ data: [{ id: 'm' }], padding: 'x'.repeat(10_000) }));
    const response = await withEventPieces(respond([json], 'application/json'))('http://localhost/v1/models');
    const got = await pieces(response);
    assert.equal(got.length, 1);
    assert.equal(got[0]!.length, json.length);
  });
});
