import { isRecord } from '../../core/isRecord';

/**
 * Joins consecutive Chat Completions chunks that only add answer text into one chunk with their text, within a piece of
 * whole events that has already arrived (eventPieces). A fast model, or a network that delivers a backlog at once, hands
 * the extension host thousands of events in one read; each costs the SDK's decoding and JSON parse and then every
 * layer of the turn, per event. Joined, the same text costs that once per piece.
 *
 * Only what the host would read the same either way is joined. The first chunk of a run is parsed and must be one
 * choice whose delta is nothing but a `content` string (a `role` beside it), every other field of the choice and delta
 * null, no usage. The chunks after it must be the same bytes around a different string (the same id, model, index,
 * fields); their strings are joined as they are escaped, so nothing else is parsed. Anything else (reasoning, tool
 * calls, refusals, a finish, usage, a field that changes per chunk, `event:` lines, comments, `\r` line ends) stays as
 * it came.
 */
export function mergeContentDeltas(piece: string): string {
  if (piece.includes('\r')) return piece;
  const events = piece.split('\n\n');
  // Whole events: the piece ends with a blank line, so the last part is empty.
  if (events.length < 3 || events.at(-1) !== '') return piece;
  events.pop();
  const out: string[] = [];
  let run: { event: string; frame: TextFrame; strings: string[] } | undefined;
  const endRun = () => {
    if (!run) return;
    out.push(run.strings.length === 1 ? run.event : `${run.frame.before}${run.strings.join('')}${run.frame.after}`);
    run = undefined;
  };
  let merged = false;
  for (const event of events) {
    const string = run && stringIn(event, run.frame);
    if (string !== undefined && run) {
      run.strings.push(string);
      merged = true;
      continue;
    }
    endRun();
    const frame = textFrameOf(event);
    if (frame) run = { event, frame, strings: [frame.string] };
    else out.push(event);
  }
  if (!merged) return piece;
  endRun();
  return `${out.join('\n\n')}\n\n`;
}

/** A text-only chunk's event, cut around its content string (escaped, without its quotes). */
interface TextFrame {
  before: string;
  string: string;
  after: string;
}

const CONTENT_KEY = '"content":"';

/** The frame of an event that is one `data:` line of a chunk that only adds text, else undefined. */
function textFrameOf(event: string): TextFrame | undefined {
  if (!event.startsWith('data: {') || event.includes('\n')) return undefined;
  const key = event.indexOf(CONTENT_KEY);
  if (key === -1) return undefined;
  const start = key + CONTENT_KEY.length;
  const end = closingQuote(event, start);
  if (end === -1) return undefined;
  const frame = { before: event.slice(0, start), string: event.slice(start, end), after: event.slice(end) };
  // One parse answers both: the chunk only adds text, and the string found is its delta's own (with another in its
  // place, the delta carries that one). A valid JSON string in either place parses alike.
  if (!JSON_STRING_BODY.test(frame.string)) return undefined;
  const probe = textOnlyChunk(`${frame.before}\\u0001${frame.after}`.slice(6));
  return probe?.choices[0].delta.content === '\u0001' ? frame : undefined;
}

/** The content string of an event that is `frame` around another string, else undefined. */
function stringIn(event: string, frame: TextFrame): string | undefined {
  if (event.length < frame.before.length + frame.after.length || !event.startsWith(frame.before) || !event.endsWith(frame.after)) return undefined;
  const end = event.length - frame.after.length;
  if (closingQuote(event, frame.before.length) !== end) return undefined;
  const string = event.slice(frame.before.length, end);
  // Malformed JSON stays its own event, so the SDK fails on it where it would have, after the text before it.
  return JSON_STRING_BODY.test(string) ? string : undefined;
}

/** What a JSON string may hold between its quotes: no quote or control character, and only whole escapes. */
const JSON_STRING_BODY = /^(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*$/;

/** Where the JSON string starting after its opening quote at `start` ends (its closing quote), or -1. */
function closingQuote(text: string, start: number): number {
  for (let at = text.indexOf('"', start); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** mergeContentDeltas of a piece of whole events (eventPieces) as bytes: the same bytes when nothing was joined. */
export function mergeContentDeltaBytes(piece: Uint8Array): Uint8Array {
  const text = decoder.decode(piece);
  const merged = mergeContentDeltas(text);
  return merged === text ? piece : encoder.encode(merged);
}

interface Chunk {
  choices: [{ delta: { content: string } }];
}

/** The chunk `json` is when it only adds text, else undefined. */
function textOnlyChunk(json: string): Chunk | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
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


function nullOrAbsent(value: unknown): boolean {
  return value === null || value === undefined;
}
