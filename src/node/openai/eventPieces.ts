import { mergeContentDeltaBytes } from './contentDeltaMerge';

/** A piece the SDK gets holds whole events up to this size; an event larger than this is a piece of its own. */
const PIECE_BYTES = 2048;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The openai SDK (6.x) splits a streamed body into SSE events in a way that costs the square of what it holds: for
 * every read it copies its whole buffer into a new one and searches it for an event's end from the start, and after
 * each event it copies what is left (`iterSSEChunks`). A 64 KB read of 300 small events copied about 10 MB; an event
 * that arrives in many reads (a tool call's 256 KB of arguments in one event, as some providers send them) was copied
 * and searched again for every read of it. Handed whole events, in pieces of at most a few KB, the SDK's buffer is
 * empty when each piece comes and every byte is searched once. Among the whole events of a read, chunks that only add text are joined
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
 * the SDK looks for). The whole events of a read go through `eachPiece` together (so the chunks a backlog delivers at
 * once are joined into as few as they can be), and what comes out is cut into pieces of small events up to PIECE_BYTES
 * (a larger event alone). The bytes of an event not ended yet are held until it ends (the SDK would not yield it before
 * either) or the stream does.
 */
export function eventPieces(eachPiece: (piece: Uint8Array) => Uint8Array = (piece) => piece): TransformStream<Uint8Array, Uint8Array> {
  /** The start of the event not ended yet, from earlier reads. */
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  const ends = new EventEnds();
  const pass = (controller: TransformStreamDefaultController<Uint8Array>, whole: Uint8Array) => {
    for (const piece of cutIntoPieces(eachPiece(whole))) controller.enqueue(piece);
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      let ended = -1;
      ends.scan(chunk, (end) => (ended = end));
      if (ended === -1) {
        held.push(chunk);
        heldBytes += chunk.length;
        return;
      }
      const whole = chunk.subarray(0, ended);
      pass(controller, held.length === 0 ? whole : concat([...held, whole], heldBytes + whole.length));
      held = ended < chunk.length ? [chunk.subarray(ended)] : [];
      heldBytes = chunk.length - ended;
    },
    flush(controller) {
      if (heldBytes > 0) controller.enqueue(eachPiece(concat(held, heldBytes)));
    },
  });
}

/** Whole events cut into pieces of at most PIECE_BYTES, each ending where an event ends; an event larger goes alone. */
function cutIntoPieces(events: Uint8Array): Uint8Array[] {
  if (events.length <= PIECE_BYTES) return [events];
  const pieces: Uint8Array[] = [];
  let from = 0;
  let lastEnd = 0;
  new EventEnds().scan(events, (end) => {
    if (end - from > PIECE_BYTES && lastEnd > from) {
      pieces.push(events.subarray(from, lastEnd));
      from = lastEnd;
    }
    lastEnd = end;
  });
  pieces.push(events.subarray(from));
  return pieces;
}

/**
 * Finds where events end in a byte stream read by read. Only CR and LF make an event's end, so the search jumps from
 * one to the next (indexOf is native); any other byte between them clears what was seen. An end split between reads is
 * found in the read that completes it.
 */
class EventEnds {
  // The last three bytes of the event being read, newest first (-1: none since the last event's end).
  private last1 = -1;
  private last2 = -1;
  private last3 = -1;

  /** Calls `onEnd` with the index just after each event's end in `chunk`, in order. */
  scan(chunk: Uint8Array, onEnd: (end: number) => void): void {
    /** The last CR or LF of this read seen so far; a CR or LF at 0 follows on from the previous read's last bytes. */
    let previousBreak = -1;
    let nextLf = chunk.indexOf(LF);
    let nextCr = chunk.indexOf(CR);
    while (nextLf !== -1 || nextCr !== -1) {
      const at = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
      const byte = chunk[at]!;
      if (at > 0 && at - 1 !== previousBreak) this.last1 = this.last2 = this.last3 = -1;
      previousBreak = at;
      if (byte === LF) nextLf = chunk.indexOf(LF, at + 1);
      else nextCr = chunk.indexOf(CR, at + 1);
      const { last1, last2, last3 } = this;
      const isEnd = (byte === LF && (last1 === LF || (last1 === CR && last2 === LF && last3 === CR))) || (byte === CR && last1 === CR);
      if (isEnd) {
        this.last1 = this.last2 = this.last3 = -1;
        onEnd(at + 1);
      } else {
        this.last3 = last2;
        this.last2 = last1;
        this.last1 = byte;
      }
    }
    // A read that ends in other bytes leaves nothing of an end begun.
    if (chunk.length > 0 && previousBreak !== chunk.length - 1) this.last1 = this.last2 = this.last3 = -1;
  }
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
