/**
 * Joins consecutive Chat Completions chunks that only add answer text into one chunk with their text, within a piece of
 * whole events that has already arrived (eventPieces). A fast model, or a network that delivers a backlog at once, hands
 * the extension host thousands of events in one read; each costs the SDK's decoding and JSON parse and then every
 * layer of the turn, per event. Joined, the same text costs that once per piece. Only what the host would read the
 * same either way is joined: one choice, a delta of nothing but a `content` string (a `role` on the first), every
 * other field of the choice and delta null, no usage, the same id and model. Anything else (reasoning, tool calls,
 * refusals, a finish, usage, `event:` lines, comments, `\r` line ends) stays as it came.
 */
export function mergeContentDeltas(piece: string): string {
  if (piece.includes('\r')) return piece;
  const events = piece.split('\n\n');
  // Whole events: the piece ends with a blank line, so the last part is empty.
  if (events.length < 3 || events.at(-1) !== '') return piece;
  events.pop();
  const out: string[] = [];
  let run: { event: string; chunk: Chunk; texts: string[] } | undefined;
  const endRun = () => {
    if (!run) return;
    if (run.texts.length === 1) out.push(run.event);
    else {
      run.chunk.choices[0]!.delta.content = run.texts.join('');
      out.push(`data: ${JSON.stringify(run.chunk)}`);
    }
    run = undefined;
  };
  let merged = false;
  for (const event of events) {
    const chunk = textOnlyChunk(event);
    if (!chunk) {
      endRun();
      out.push(event);
      continue;
    }
    const text = chunk.choices[0]!.delta.content;
    if (run && !('role' in chunk.choices[0]!.delta) && chunk.id === run.chunk.id && chunk.model === run.chunk.model && chunk.choices[0]!.index === run.chunk.choices[0]!.index) {
      run.texts.push(text);
      merged = true;
      continue;
    }
    endRun();
    run = { event, chunk, texts: [text] };
  }
  if (!merged) return piece;
  endRun();
  return `${out.join('\n\n')}\n\n`;
}

/** mergeContentDeltas over a stream of pieces of whole events (eventPieces), as bytes. */
export function contentDeltaMerging(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(piece, controller) {
      const text = decoder.decode(piece);
      const merged = mergeContentDeltas(text);
      controller.enqueue(merged === text ? piece : encoder.encode(merged));
    },
  });
}

interface Chunk {
  id?: unknown;
  model?: unknown;
  choices: [{ index?: unknown; delta: { content: string; role?: unknown } }];
}

/** The chunk an event carries when it is one `data:` line of a chunk that only adds text, else undefined. */
function textOnlyChunk(event: string): Chunk | undefined {
  if (!event.startsWith('data: {') || event.includes('\n')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(event.slice(6));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value.object !== 'chat.completion.chunk' || !nullOrAbsent(value.usage)) return undefined;
  const choices = value.choices;
  if (!Array.isArray(choices) || choices.length !== 1 || !isRecord(choices[0])) return undefined;
  const choice = choices[0];
  for (const [key, field] of Object.entries(choice)) if (key !== 'delta' && key !== 'index' && !nullOrAbsent(field)) return undefined;
  const delta = choice.delta;
  if (!isRecord(delta) || typeof delta.content !== 'string') return undefined;
  for (const [key, field] of Object.entries(delta)) if (key !== 'content' && key !== 'role' && !nullOrAbsent(field)) return undefined;
  return value as unknown as Chunk;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nullOrAbsent(value: unknown): boolean {
  return value === null || value === undefined;
}
