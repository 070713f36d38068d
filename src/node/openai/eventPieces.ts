import { mergeContentDeltaBytes } from './contentDeltaMerge';

/** A piece the SDK gets holds whole events up to about this size; an event larger than this is a piece of its own. */
const PIECE_BYTES = 2048;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The openai SDK (6.x) splits a streamed body into SSE events in a way that costs the square of what it holds: for
 * every read it copies its whole buffer into a new one and searches it for an event's end from the start, and after
 * each event it copies what is left (`iterSSEChunks`). A 64 KB read of 300 small events copied about 10 MB; an event
 * that arrives in many reads (a tool call's 256 KB of arguments in one event, as some providers send them) was copied
 * and searched again for every read of it. Handed whole events, in pieces of at most a few KB, the SDK's buffer is
 * empty when each piece comes and every byte is searched once. Within a piece, chunks that only add text are joined
 * (contentDeltaMerge): the same text, fewer events for the SDK and the turn to handle.
 */
export function withEventPieces(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
    // One stage: each stage of web streams costs promises per chunk.
    const body = response.body.pipeThrough(eventPieces(mergeContentDeltaBytes));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * Cuts a byte stream after whole SSE events (an event ends with a blank line: `\n\n`, `\r\r` or `\r\n\r\n`, the ends
 * the SDK looks for), grouping small events up to PIECE_BYTES. The bytes of an event not ended yet are held until it
 * ends (the SDK would not yield it before either) or the stream does. Each piece goes out through `eachPiece`.
 */
export function eventPieces(eachPiece: (piece: Uint8Array) => Uint8Array = (piece) => piece): TransformStream<Uint8Array, Uint8Array> {
  /** The start of the event not ended yet, from earlier reads. */
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  // The last three bytes of the event being read, newest first (-1: none since the last event's end).
  let last1 = -1;
  let last2 = -1;
  let last3 = -1;
  const emit = (controller: TransformStreamDefaultController<Uint8Array>, tail: Uint8Array) => {
    controller.enqueue(eachPiece(held.length === 0 ? tail : concat([...held, tail], heldBytes + tail.length)));
    held = [];
    heldBytes = 0;
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      /** Where the bytes of this read not yet passed on start, and the end of the last whole event after them. */
      let from = 0;
      let ended = -1;
      /** The last CR or LF of this read seen so far; a CR or LF at 0 follows on from the previous read's last bytes. */
      let previousBreak = -1;
      // Only CR and LF make an event's end, so the search jumps from one to the next (indexOf is native); any other
      // byte between them clears what was seen.
      let nextLf = chunk.indexOf(LF);
      let nextCr = chunk.indexOf(CR);
      while (nextLf !== -1 || nextCr !== -1) {
        const at = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
        const byte = chunk[at]!;
        if (at > 0 && at - 1 !== previousBreak) last1 = last2 = last3 = -1;
        previousBreak = at;
        if (byte === LF) nextLf = chunk.indexOf(LF, at + 1);
        else nextCr = chunk.indexOf(CR, at + 1);
        const isEnd = (byte === LF && (last1 === LF || (last1 === CR && last2 === LF && last3 === CR))) || (byte === CR && last1 === CR);
        if (!isEnd) {
          last3 = last2;
          last2 = last1;
          last1 = byte;
          continue;
        }
        last1 = last2 = last3 = -1;
        // The events up to the previous end make a piece when this event would take it past the size.
        if (ended > from && heldBytes + (at + 1 - from) > PIECE_BYTES) {
          emit(controller, chunk.subarray(from, ended));
          from = ended;
        }
        ended = at + 1;
      }
      // A read that ends in other bytes leaves nothing of an end begun.
      if (chunk.length > 0 && previousBreak !== chunk.length - 1) last1 = last2 = last3 = -1;
      if (ended > from) {
        emit(controller, chunk.subarray(from, ended));
        from = ended;
      }
      if (from < chunk.length) {
        held.push(chunk.subarray(from));
        heldBytes += chunk.length - from;
      }
    },
    flush(controller) {
      if (heldBytes > 0) emit(controller, new Uint8Array(0));
    },
  });
}

function concat(parts: readonly Uint8Array[], bytes: number): Uint8Array {
  const joined = new Uint8Array(bytes);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
