import { HeldParamClose } from './heldParamClose';
import { ParserEventCollector } from './parserEventCollector';
import type { ParserEvent } from './parserEvents';
import { StrayCallTags } from './strayCallTags';
import { StreamedParamValue } from './streamedParamValue';
import { continuesTagShape, tagShapeOf } from './tagShape';
import type { TagTrie, TagTrieNode } from './tagTrie';
import { xmlGrammar, type TagMeaning, type ToolGrammar, type XmlGrammar } from './xmlToolGrammar';

export interface XmlStreamParserOptions {
  /** Known tool names, each with its parameter names; only these open a tool call or a parameter. */
  tools: Readonly<Record<string, readonly string[]>>;
}

type Mode =
  | 'text'
  | 'thinking'
  /** Inside a tool call, between parameters: only parameter tags and the closing tag matter. */
  | 'toolBody'
  | 'param'
  /** Just after `</param>` (or an ignored tag after it): it closes the parameter only if the next tag is a parameter or the tool's close. */
  | 'closeCandidate'
  /** Inside a tag that is no parameter of the tool, after `</param>`: an ignored parameter if it closes and a parameter follows. */
  | 'unknownParam';

interface OpenCall {
  callId: string;
  name: string;
  grammar: ToolGrammar;
  params: Record<string, string>;
  ignored: string[];
  rawPieces: string[];
}

interface OpenParam {
  name: string;
  closeTag: TagTrie<TagMeaning>;
  value: StreamedParamValue;
}

/** A tag being matched: its characters so far, where they lead in the mode's tags, and whether it may be any `<name>` or `</name>`. */
interface PartialTag {
  text: string;
  node: TagTrieNode<TagMeaning> | undefined;
  shaped: boolean;
}

/**
 * The `xml` wire format (spec §3) as a streaming state machine: tool calls like `<Read><path>a.ts</path></Read>`,
 * `<thinking>…</thinking>`, everything else text. Each input character is examined a bounded number of times and
 * only a possible tag prefix, or what follows a parameter's closing tag until it is confirmed, is ever held back.
 */
export class XmlStreamParser {
  private readonly grammar: XmlGrammar;

  private mode: Mode = 'text';
  private partialTag: PartialTag | undefined;
  private call: OpenCall | undefined;
  private param: OpenParam | undefined;
  private readonly held = new HeldParamClose();
  private readonly strays = new StrayCallTags();
  /** Where the open call's raw text starts in the chunk being fed. */
  private rawFrom = 0;
  private callCount = 0;
  private out = new ParserEventCollector();

  constructor(options: XmlStreamParserOptions) {
    this.grammar = xmlGrammar(options.tools);
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
    // A held tag prefix is content of text, thinking or a value; between parameters, or held after `</param>`, it is dropped.
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
    if (this.mode === 'closeCandidate') return this.stepAfterClose(chunk, i);
    const tagStart = chunk.indexOf('<', i);
    const contentEnd = tagStart < 0 ? chunk.length : tagStart;
    if (contentEnd > i) this.emitContent(chunk.slice(i, contentEnd));
    if (tagStart < 0) return chunk.length;
    this.startTag(this.currentTags());
    return tagStart + 1;
  }

  private stepAfterClose(chunk: string, i: number): number {
    const char = chunk.charAt(i);
    if (char === '<') {
      this.startTag(this.requireCall().grammar.bodyTags);
    } else if (char === ' ' || char === '\n' || char === '\r' || char === '\t') {
      this.held.hold(char);
    } else {
      this.refuseClose('');
      return i;
    }
    return i + 1;
  }

  private startTag(tags: TagTrie<TagMeaning>): void {
    // Between parameters any tag shape matters too: one that is no parameter may be an ignored parameter.
    const shaped = this.mode === 'toolBody' || this.mode === 'closeCandidate' || this.mode === 'unknownParam';
    this.partialTag = { text: '<', node: tags.afterOpenBracket, shaped };
  }

  private continueTag(chunk: string, i: number): number {
    const partial = this.partialTag!;
    const char = chunk.charAt(i);
    const node = partial.node?.next.get(char);
    const shaped = partial.shaped && continuesTagShape(partial.text, char);
    if (!node && !shaped) {
      this.partialTag = undefined;
      this.onNotATag(partial.text);
      // Tags contain '<' only first, so nothing inside the failed prefix can start a tag: only `char` is re-examined.
      return i;
    }
    const text = partial.text + char;
    if (node?.meaning) {
      this.partialTag = undefined;
      this.onTag(node.meaning, text, chunk, i + 1);
    } else if (shaped && char === '>') {
      this.partialTag = undefined;
      this.onOtherTag(text);
    } else {
      this.partialTag = { text, node, shaped };
    }
    return i + 1;
  }

  private onNotATag(text: string): void {
    if (this.mode === 'closeCandidate') this.refuseClose(text);
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
        // Inside an unknown tag the held text had no `</param>` in it: it is content, and this one is the new candidate.
        if (this.mode === 'unknownParam') this.releaseHeld();
        this.mode = 'closeCandidate';
        this.held.start(tag);
        return;
      case 'paramOpen':
        this.acceptClose();
        this.openParam(meaning.param);
        return;
      case 'toolClose':
        this.acceptClose();
        this.requireCall().rawPieces.push(chunk.slice(this.rawFrom, next));
        this.endCall(true);
        return;
    }
  }

  /** A tag shaped like `<name>` or `</name>` that is none of the current mode's tags (only in the modes of startTag's `shaped`). */
  private onOtherTag(tag: string): void {
    const { name, closing } = tagShapeOf(tag);
    if (this.mode === 'toolBody') this.strays.tag(name, closing);
    else if (this.mode === 'unknownParam') {
      if (this.held.closesUnknown(name, closing, tag)) this.mode = 'closeCandidate';
    } else if (closing || name === this.requireCall().name) this.refuseClose(tag);
    else {
      this.held.openUnknown(name, tag);
      this.mode = 'unknownParam';
    }
  }

  /** A parameter or the tool's close follows: the open parameter ended, and the tags held after it are ignored. */
  private acceptClose(): void {
    const ignored = this.param ? this.held.accept() : this.strays.take();
    if (this.param) this.closeParam();
    this.requireCall().ignored.push(...ignored);
  }

  /** `</param>` turned out to be content: what was held goes back into the value, and the tag prefix that followed is re-read as value. */
  private refuseClose(followingTag: string): void {
    this.releaseHeld();
    const node = this.requireParam().closeTag.walk(followingTag);
    if (node?.meaning) {
      this.mode = 'closeCandidate';
      this.held.start(followingTag);
    } else if (node) {
      this.partialTag = { text: followingTag, node, shaped: false };
    } else {
      this.emitContent(followingTag);
    }
  }

  private releaseHeld(): void {
    this.mode = 'param';
    this.emitContent(this.held.refuse());
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
      case 'unknownParam':
        this.held.hold(content);
        return;
      case 'toolBody':
        this.strays.text(content); // stray text between parameters is not part of any value
        return;
      case 'closeCandidate':
        return;
    }
  }

  private currentTags(): TagTrie<TagMeaning> {
    switch (this.mode) {
      case 'text':
        return this.grammar.textTags;
      case 'thinking':
        return this.grammar.thinkingTags;
      case 'param':
      case 'unknownParam':
        return this.requireParam().closeTag;
      case 'toolBody':
      case 'closeCandidate':
        return this.requireCall().grammar.bodyTags;
    }
  }

  private startCall(name: string, tag: string, rawFrom: number): void {
    const callId = `xml-${++this.callCount}`;
    this.call = { callId, name, grammar: this.grammar.tools.get(name)!, params: {}, ignored: [], rawPieces: [tag] };
    this.rawFrom = rawFrom;
    this.mode = 'toolBody';
    this.strays.take();
    this.out.push({ type: 'toolCallStart', callId, name });
  }

  private openParam(name: string): void {
    const closeTag = this.requireCall().grammar.paramCloseTags.get(name)!;
    this.param = { name, closeTag, value: new StreamedParamValue() };
    this.mode = 'param';
  }

  /** Also at the end of the stream, where a `</param>` still awaiting confirmation is taken as the parameter's close. */
  private closeParam(): void {
    const param = this.requireParam();
    this.requireCall().params[param.name] = param.value.finish();
    this.param = undefined;
    this.held.refuse();
    this.mode = 'toolBody';
  }

  private endCall(complete: boolean): void {
    const { callId, name, params, ignored, rawPieces } = this.requireCall();
    const ignoredParams = [...new Set(ignored)];
    this.out.push({ type: 'toolCallEnd', callId, name, params, complete, raw: rawPieces.join(''), ...(ignoredParams.length ? { ignoredParams } : {}) });
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
