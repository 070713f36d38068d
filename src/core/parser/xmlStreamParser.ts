import { ParserEventCollector } from './parserEventCollector';
import type { ParserEvent } from './parserEvents';
import { StreamedParamValue } from './streamedParamValue';
import { TagTrie, type TagTrieNode } from './tagTrie';

export interface XmlStreamParserOptions {
  /** Known tool names, each with its parameter names; only these open a tool call or a parameter. */
  tools: Readonly<Record<string, readonly string[]>>;
}

type TagMeaning =
  | { kind: 'thinkingOpen' }
  | { kind: 'thinkingClose' }
  | { kind: 'toolOpen'; tool: string }
  | { kind: 'paramOpen'; param: string }
  | { kind: 'paramClose' }
  | { kind: 'toolClose' };

type Mode =
  | 'text'
  | 'thinking'
  /** Inside a tool call, between parameters: only parameter tags and the closing tag matter. */
  | 'toolBody'
  | 'param'
  /** Just after `</param>`: it closes the parameter only if the next tag is a parameter or the tool's close. */
  | 'paramCloseCandidate';

interface ToolGrammar {
  bodyTags: TagTrie<TagMeaning>;
  paramCloseTags: Map<string, TagTrie<TagMeaning>>;
}

interface OpenCall {
  callId: string;
  name: string;
  grammar: ToolGrammar;
  params: Record<string, string>;
  rawPieces: string[];
}

interface OpenParam {
  name: string;
  closeTag: TagTrie<TagMeaning>;
  value: StreamedParamValue;
}

const THINKING = 'thinking';

/**
 * The `xml` wire format (spec §3) as a streaming state machine: tool calls like `<Read><path>a.ts</path></Read>`,
 * `<thinking>…</thinking>`, everything else text. Each input character is examined a bounded number of times and
 * only a possible tag prefix (or a parameter's closing tag awaiting confirmation) is ever held back.
 */
export class XmlStreamParser {
  private readonly textTags: TagTrie<TagMeaning>;
  private readonly thinkingTags = new TagTrie<TagMeaning>([[`</${THINKING}>`, { kind: 'thinkingClose' }]]);
  private readonly grammars = new Map<string, ToolGrammar>();

  private mode: Mode = 'text';
  /** A tag being matched: its characters so far and where they lead. */
  private partialTag: { text: string; node: TagTrieNode<TagMeaning> } | undefined;
  private call: OpenCall | undefined;
  private param: OpenParam | undefined;
  /** In paramCloseCandidate: `</param>` plus the whitespace after it, part of the value if the close is refused. */
  private heldClose = '';
  /** Where the open call's raw text starts in the chunk being fed. */
  private rawFrom = 0;
  private callCount = 0;
  private out = new ParserEventCollector();

  constructor(options: XmlStreamParserOptions) {
    const toolOpenTags: [string, TagMeaning][] = [[`<${THINKING}>`, { kind: 'thinkingOpen' }]];
    for (const [tool, params] of Object.entries(options.tools)) {
      assertTagName(tool, 'tool');
      if (tool === THINKING) throw new Error(`"${THINKING}" is reserved and cannot be a tool name.`);
      params.forEach((param) => assertTagName(param, `parameter of ${tool}`));
      toolOpenTags.push([`<${tool}>`, { kind: 'toolOpen', tool }]);
      this.grammars.set(tool, {
        bodyTags: new TagTrie<TagMeaning>([
          ...params.map((param): [string, TagMeaning] => [`<${param}>`, { kind: 'paramOpen', param }]),
          [`</${tool}>`, { kind: 'toolClose' }],
        ]),
        paramCloseTags: new Map(params.map((param) => [param, new TagTrie<TagMeaning>([[`</${param}>`, { kind: 'paramClose' }]])])),
      });
    }
    this.textTags = new TagTrie(toolOpenTags);
  }

  feed(chunk: string): ParserEvent[] {
    this.rawFrom = 0;
    let i = 0;
    while (i < chunk.length) i = this.step(chunk, i);
    if (this.call) this.call.rawPieces.push(chunk.slice(this.rawFrom));
    return this.out.drain();
  }

  /** Flushes what was held back and closes whatever the stream left open. The parser can then take a new message. */
  end(): ParserEvent[] {
    // A held tag prefix is content of text, thinking or a value; between parameters (or after `</param>`) it is dropped.
    this.emitContent(this.partialTag?.text ?? '');
    this.partialTag = undefined;
    if (this.param) this.closeParam();
    if (this.call) this.endCall(false);
    this.mode = 'text';
    return this.out.drain();
  }

  /** Consumes input from `i` and returns where to continue; returning `i` itself means "look at this character again". */
  private step(chunk: string, i: number): number {
    if (this.partialTag) return this.continueTag(chunk, i);
    if (this.mode === 'paramCloseCandidate') return this.stepAfterParamClose(chunk, i);
    const tagStart = chunk.indexOf('<', i);
    const contentEnd = tagStart < 0 ? chunk.length : tagStart;
    if (contentEnd > i) this.emitContent(chunk.slice(i, contentEnd));
    if (tagStart < 0) return chunk.length;
    this.partialTag = { text: '<', node: this.currentTags().afterOpenBracket };
    return tagStart + 1;
  }

  private stepAfterParamClose(chunk: string, i: number): number {
    const char = chunk.charAt(i);
    if (char === '<') {
      this.partialTag = { text: '<', node: this.requireCall().grammar.bodyTags.afterOpenBracket };
    } else if (char === ' ' || char === '\n' || char === '\r' || char === '\t') {
      this.heldClose += char;
    } else {
      this.refuseParamClose('');
      return i;
    }
    return i + 1;
  }

  private continueTag(chunk: string, i: number): number {
    const partial = this.partialTag!;
    const char = chunk.charAt(i);
    const node = partial.node.next.get(char);
    if (!node) {
      this.partialTag = undefined;
      this.onNotATag(partial.text);
      // Tags contain '<' only first, so nothing inside the failed prefix can start a tag: only `char` is re-examined.
      return i;
    }
    if (node.meaning) {
      this.partialTag = undefined;
      this.onTag(node.meaning, partial.text + char, chunk, i + 1);
    } else {
      partial.text += char;
      partial.node = node;
    }
    return i + 1;
  }

  private onNotATag(text: string): void {
    if (this.mode === 'paramCloseCandidate') this.refuseParamClose(text);
    else this.emitContent(text);
  }

  private onTag(meaning: TagMeaning, tag: string, chunk: string, next: number): void {
    switch (meaning.kind) {
      case 'thinkingOpen':
        this.mode = 'thinking';
        return;
      case 'thinkingClose':
        this.mode = 'text';
        return;
      case 'toolOpen':
        this.startCall(meaning.tool, tag, next);
        return;
      case 'paramClose':
        this.mode = 'paramCloseCandidate';
        this.heldClose = tag;
        return;
      case 'paramOpen':
        if (this.param) this.closeParam();
        this.openParam(meaning.param);
        return;
      case 'toolClose':
        if (this.param) this.closeParam();
        this.requireCall().rawPieces.push(chunk.slice(this.rawFrom, next));
        this.endCall(true);
        return;
    }
  }

  /** `</param>` turned out to be content: it goes back into the value, and what followed is re-read as value. */
  private refuseParamClose(followingTagPrefix: string): void {
    const param = this.requireParam();
    this.mode = 'param';
    this.emitContent(this.heldClose);
    this.heldClose = '';
    const node = param.closeTag.walk(followingTagPrefix);
    if (node) this.partialTag = { text: followingTagPrefix, node };
    else this.emitContent(followingTagPrefix);
  }

  private emitContent(content: string): void {
    if (content === '') return;
    switch (this.mode) {
      case 'text':
        this.out.text(content);
        return;
      case 'thinking':
        this.out.thinking(content);
        return;
      case 'param': {
        const call = this.requireCall();
        const param = this.requireParam();
        this.out.paramDelta(call.callId, call.name, param.name, param.value.append(content));
        return;
      }
      case 'toolBody':
      case 'paramCloseCandidate':
        return; // whitespace or stray text between parameters is not part of any value
    }
  }

  private currentTags(): TagTrie<TagMeaning> {
    switch (this.mode) {
      case 'text':
        return this.textTags;
      case 'thinking':
        return this.thinkingTags;
      case 'param':
        return this.requireParam().closeTag;
      case 'toolBody':
      case 'paramCloseCandidate':
        return this.requireCall().grammar.bodyTags;
    }
  }

  private startCall(name: string, tag: string, rawFrom: number): void {
    const callId = `xml-${++this.callCount}`;
    this.call = { callId, name, grammar: this.grammars.get(name)!, params: {}, rawPieces: [tag] };
    this.rawFrom = rawFrom;
    this.mode = 'toolBody';
    this.out.push({ type: 'toolCallStart', callId, name });
  }

  private openParam(name: string): void {
    const closeTag = this.requireCall().grammar.paramCloseTags.get(name)!;
    this.param = { name, closeTag, value: new StreamedParamValue() };
    this.mode = 'param';
  }

  private closeParam(): void {
    const param = this.requireParam();
    this.requireCall().params[param.name] = param.value.finish();
    this.param = undefined;
    this.heldClose = '';
    this.mode = 'toolBody';
  }

  private endCall(complete: boolean): void {
    const { callId, name, params, rawPieces } = this.requireCall();
    this.out.push({ type: 'toolCallEnd', callId, name, params, complete, raw: rawPieces.join('') });
    this.call = undefined;
    this.mode = 'text';
  }

  private requireCall(): OpenCall {
    if (!this.call) throw new Error('XmlStreamParser: no open tool call (parser state is inconsistent).');
    return this.call;
  }

  private requireParam(): OpenParam {
    if (!this.param) throw new Error('XmlStreamParser: no open parameter (parser state is inconsistent).');
    return this.param;
  }
}

function assertTagName(name: string, what: string): void {
  if (!/^[A-Za-z_][\w.:-]*$/.test(name)) throw new Error(`Invalid ${what} name "${name}": it must be usable as an XML tag name.`);
}
