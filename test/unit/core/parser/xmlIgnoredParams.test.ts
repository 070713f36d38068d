import { strict as assert } from 'node:assert';
import type { ParserEvent } from '../../../../src/core/parser/parserEvents';
import { cutAt, newParser, normalize, parseChunks, parseWhole, seededRandom } from './parserHarness';

const READ_WITH_REASON = '<Read><path>src/a.ts</path><reason>to see x</reason><limit>10</limit></Read>';

const ends = (events: ParserEvent[]) => events.filter((e) => e.type === 'toolCallEnd');

/** Spec §3: inside a call, a closed tag that is no parameter of the tool, followed by a parameter or the tool's close, is ignored. */
describe('XmlStreamParser: parameters the tool does not take', () => {
  describe('are ignored, and the call runs', () => {
    it('the Read example: path ends at </path>, reason is dropped and named, limit is kept', () => {
      assert.deepEqual(parseChunks([READ_WITH_REASON]), [
        { type: 'toolCallStart', callId: 'xml-1', name: 'Read' },
        { type: 'toolParamDelta', callId: 'xml-1', name: 'Read', param: 'path', delta: 'src/a.ts' },
        { type: 'toolParamDelta', callId: 'xml-1', name: 'Read', param: 'limit', delta: '10' },
        {
          type: 'toolCallEnd', callId: 'xml-1', name: 'Read', params: { path: 'src/a.ts', limit: '10' },
          complete: true, raw: READ_WITH_REASON, ignoredParams: ['reason'],
        },
      ]);
    });

    it('gives the same call fed one character at a time and at random cuts', () => {
      const whole = parseChunks([READ_WITH_REASON]);
      const expected = normalize(whole);
      assert.deepEqual(ends(parseChunks([...READ_WITH_REASON])), ends(whole));
      assert.deepEqual(normalize(parseChunks([...READ_WITH_REASON])), expected);
      for (let cut = 0; cut <= READ_WITH_REASON.length; cut++) {
        assert.deepEqual(ends(parseChunks(cutAt(READ_WITH_REASON, [cut]))), ends(whole), `cut at ${cut}`);
      }
      const random = seededRandom(30);
      for (let run = 0; run < 300; run++) {
        const cuts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * (READ_WITH_REASON.length + 1)));
        const chunks = cutAt(READ_WITH_REASON, cuts);
        assert.deepEqual(normalize(parseChunks(chunks)), expected, JSON.stringify(chunks));
      }
    });

    it('an unknown tag as the last thing before the tool\'s close', () => {
      const result = parseWhole('<Read><path>a.ts</path>\n<explanation>check the top</explanation>\n</Read>');
      assert.deepEqual(result.calls.map((c) => [c.params, c.complete, c.ignoredParams]), [[{ path: 'a.ts' }, true, ['explanation']]]);
    });

    it('several unknown tags in a row, with whitespace and markup inside them', () => {
      const message = '<Read>\n<path>a.ts</path>\n<reason>see <b>x</b></reason>\n<explanation>y</explanation>\n<offset>3</offset>\n</Read>';
      assert.deepEqual(parseWhole(message).calls.map((c) => [c.params, c.ignoredParams]), [[{ path: 'a.ts', offset: '3' }, ['reason', 'explanation']]]);
    });

    it('an unknown tag before the first parameter is named too', () => {
      const result = parseWhole('<Read><task_id>3</task_id>\n<path>a.ts</path></Read>');
      assert.deepEqual(result.calls.map((c) => [c.params, c.complete, c.ignoredParams]), [[{ path: 'a.ts' }, true, ['task_id']]]);
    });

    it('names a repeated unknown parameter once', () => {
      const result = parseWhole('<Read><path>a</path><reason>1</reason><limit>2</limit><reason>3</reason></Read>');
      assert.deepEqual(result.calls.map((c) => [c.params, c.ignoredParams]), [[{ path: 'a', limit: '2' }, ['reason']]]);
    });

    it('holds back what follows </param> until it is decided, then streams nothing of the ignored tag', () => {
      const parser = newParser();
      const delta = (d: string) => ({ type: 'toolParamDelta', callId: 'xml-1', name: 'Read', param: 'path', delta: d });
      assert.deepEqual(parser.feed('<Read><path>a.ts</pa'), [{ type: 'toolCallStart', callId: 'xml-1', name: 'Read' }, delta('a.ts')]);
      assert.deepEqual(parser.feed('th><reason>to see'), []);
      assert.deepEqual(parser.feed(' x</reason> <li'), []);
      assert.deepEqual(parser.feed('mit>'), []);
      const [end] = ends([...parser.feed('9</limit></Read>'), ...parser.end()]);
      assert.deepEqual([end?.params, end?.ignoredParams], [{ path: 'a.ts', limit: '9' }, ['reason']]);
    });
  });

  describe('content is never cut by an unknown tag that is not followed by a parameter or the close', () => {
    it('keeps a literal </path> inside a Write\'s content', () => {
      const content = 'the closing tag </path> and </path>\n<reason>why</reason> text';
      const result = parseWhole(`<Write><path>a.md</path><content>${content}</content></Write>`);
      assert.deepEqual(result.calls.map((c) => [c.params, c.complete, c.ignoredParams]), [[{ path: 'a.md', content }, true, undefined]]);
    });

    it('keeps HTML in content, also right after a </content> written as content', () => {
      const content = '<div class="a"><p>hi</p></div>\n</content>\n<div>more</div>\n<span>end</span>';
      const result = parseWhole(`<Write><path>a.html</path><content>${content}</content></Write>`);
      assert.deepEqual(result.calls.map((c) => [c.params, c.complete, c.ignoredParams]), [[{ path: 'a.html', content }, true, undefined]]);
    });

    it('keeps </content><reason>x</reason> followed by more text as content', () => {
      const content = 'a</content><reason>x</reason> more text';
      const result = parseWhole(`<Write><path>a</path><content>${content}</content></Write>`);
      assert.deepEqual(result.calls.map((c) => [c.params, c.ignoredParams]), [[{ path: 'a', content }, undefined]]);
    });

    it('keeps </content><reason>x</reason> followed by another tool\'s tag or a closing tag as content', () => {
      const content = 'a</content><reason>x</reason><Read></content> <b>y</b></reason>';
      const result = parseWhole(`<Write><path>a</path><content>${content}</content></Write>`);
      assert.deepEqual(result.calls.map((c) => [c.params, c.complete, c.ignoredParams]), [[{ path: 'a', content }, true, undefined]]);
    });

    it('a </content> inside the unknown tag starts over from there', () => {
      const result = parseWhole('<Write><path>a</path><content>x</content><div>y</content>\n<reason>r</reason></Write>');
      assert.deepEqual(result.calls.map((c) => [c.params, c.ignoredParams]), [[{ path: 'a', content: 'x</content><div>y' }, ['reason']]]);
    });

    it('an unknown tag never closed keeps the value at its </param> when the stream ends', () => {
      const result = normalize(parseChunks(['<Write><path>a</path><content>x</content><div>y']));
      assert.deepEqual(result.calls.map((c) => [c.params, c.complete, c.ignoredParams]), [[{ path: 'a', content: 'x' }, false, undefined]]);
    });

    it('stays linear when </content> and unknown tags alternate without end', () => {
      const message = `<Write><path>a</path><content>${'</content><a>'.repeat(40_000)}</content></Write>`;
      const chunks = cutAt(message, Array.from({ length: message.length / 997 }, (_, k) => k * 997));
      const result = normalize(parseChunks(chunks));
      assert.equal(result.calls[0]?.params.content, '</content><a>'.repeat(40_000));
    });
  });
});
