import { strict as assert } from 'node:assert';
import { XmlStreamParser } from '../../../../src/core/parser/xmlStreamParser';
import { newParser, normalize, parseChunks, parseWhole } from './parserHarness';

describe('XmlStreamParser', () => {
  describe('text', () => {
    it('passes plain text through at once', () => {
      const parser = newParser();
      assert.deepEqual(parser.feed('Hello, '), [{ type: 'text', delta: 'Hello, ' }]);
      assert.deepEqual(parser.feed('world.'), [{ type: 'text', delta: 'world.' }]);
      assert.deepEqual(parser.end(), []);
    });

    it('keeps comparison operators as text', () => {
      const message = 'if a < b && c > d then a<b, x <= y, i<<2, <>, < Read>';
      assert.deepEqual(parseWhole(message), { text: message, thinking: '', calls: [] });
    });

    it('keeps unknown tags, stray closing tags and case variants as text', () => {
      const message = '<div class="x">hi</div> <foo>bar</foo> </Read> </thinking> <read><path>a</path></read> <Read/> <Read path="a">';
      assert.deepEqual(parseWhole(message), { text: message, thinking: '', calls: [] });
    });

    it('holds back only a possible tag prefix, and releases it as soon as it stops matching', () => {
      const parser = newParser();
      assert.deepEqual(parser.feed('hello <Re'), [{ type: 'text', delta: 'hello ' }]);
      assert.deepEqual(parser.feed('x'), [{ type: 'text', delta: '<Rex' }]);
      assert.deepEqual(parser.feed(' <x'), [{ type: 'text', delta: ' <x' }]);
      assert.deepEqual(parser.feed('<'), []);
      assert.deepEqual(parser.feed('<'), [{ type: 'text', delta: '<' }]);
      assert.deepEqual(parser.end(), [{ type: 'text', delta: '<' }]);
    });

    it('flushes a held tag prefix on end()', () => {
      assert.deepEqual(parseChunks(['x <Rea']), [
        { type: 'text', delta: 'x ' },
        { type: 'text', delta: '<Rea' },
      ]);
    });

    it('keeps a tag split at every position intact', () => {
      const parser = newParser();
      const events = ['<', 'R', 'e', 'a', 'd', '>', '<pa', 'th>a.ts</pa', 'th></Re', 'ad>'].flatMap((c) => parser.feed(c));
      events.push(...parser.end());
      assert.deepEqual(normalize(events).calls.map((c) => c.params), [{ path: 'a.ts' }]);
    });
  });

  describe('thinking', () => {
    it('reports <thinking> content as thinking and the rest as text', () => {
      assert.deepEqual(parseWhole('Let me see.<thinking>plan: read a.ts</thinking>Done.'), {
        text: 'Let me see.Done.',
        thinking: 'plan: read a.ts',
        calls: [],
      });
    });

    it('streams thinking deltas and handles a split closing tag', () => {
      const parser = newParser();
      assert.deepEqual(parser.feed('<thin'), []);
      assert.deepEqual(parser.feed('king>step 1'), [{ type: 'thinking', delta: 'step 1' }]);
      assert.deepEqual(parser.feed(' </thi'), [{ type: 'thinking', delta: ' ' }]);
      assert.deepEqual(parser.feed('nking>ok'), [{ type: 'text', delta: 'ok' }]);
    });

    it('treats tool tags inside thinking as thinking', () => {
      const message = '<thinking>I could use <Read><path>a</path></Read> or <div></thinking>';
      assert.deepEqual(parseWhole(message), { text: '', thinking: 'I could use <Read><path>a</path></Read> or <div>', calls: [] });
    });

    it('flushes an unterminated thinking block, including a held partial closing tag', () => {
      assert.deepEqual(normalize(parseChunks(['<thinking>abc</thi'])), { text: '', thinking: 'abc</thi', calls: [] });
    });

    it('does not open thinking inside a tool call', () => {
      const result = parseWhole('<Write><path>a</path><content><thinking>x</thinking></content></Write>');
      assert.equal(result.thinking, '');
      assert.deepEqual(result.calls[0]?.params, { path: 'a', content: '<thinking>x</thinking>' });
    });
  });

  describe('tool calls', () => {
    it('emits start, parameter deltas and a complete end with the raw text', () => {
      const raw = '<Read><path>src/a.ts</path></Read>';
      assert.deepEqual(parseChunks([raw]), [
        { type: 'toolCallStart', callId: 'xml-1', name: 'Read' },
        { type: 'toolParamDelta', callId: 'xml-1', name: 'Read', param: 'path', delta: 'src/a.ts' },
        { type: 'toolCallEnd', callId: 'xml-1', name: 'Read', params: { path: 'src/a.ts' }, complete: true, raw },
      ]);
    });

    it('keeps text before and after a call', () => {
      const result = parseWhole('I will read it.\n<Read><path>a.ts</path></Read>\nThen edit.');
      assert.equal(result.text, 'I will read it.\n\nThen edit.');
      assert.deepEqual(result.calls.map((c) => [c.name, c.params, c.complete]), [['Read', { path: 'a.ts' }, true]]);
    });

    it('numbers two calls in a row', () => {
      const result = parseWhole('<Read><path>a</path></Read><Read><path>b</path></Read>');
      assert.deepEqual(result.calls.map((c) => [c.callId, c.params]), [['xml-1', { path: 'a' }], ['xml-2', { path: 'b' }]]);
      assert.equal(result.text, '');
    });

    it('keeps callIds increasing across messages on the same parser', () => {
      const parser = newParser();
      normalize(parseChunks(['<Read><path>a</path></Read>'], parser));
      const second = normalize(parseChunks(['<Read><path>b</path></Read>'], parser));
      assert.equal(second.calls[0]?.callId, 'xml-2');
    });

    it('accepts parameters in any order and records them in the order written', () => {
      const result = parseWhole('<Read><limit>20</limit><path>a.ts</path><offset>5</offset></Read>');
      assert.deepEqual(result.calls[0]?.params, { limit: '20', path: 'a.ts', offset: '5' });
      assert.deepEqual(Object.keys(result.calls[0]!.params), ['limit', 'path', 'offset']);
    });

    it('ignores whitespace and stray text between tags of the call', () => {
      const raw = '<Read>\n  stray words <b>\n  <path>a.ts</path>\n  <limit>3</limit>\n</Read>';
      const result = parseWhole(raw);
      assert.deepEqual(result.calls[0]?.params, { path: 'a.ts', limit: '3' });
      assert.equal(result.calls[0]?.raw, raw);
      assert.equal(result.text, '');
    });

    it('ignores another tool\'s parameter tags between parameters', () => {
      const result = parseWhole('<Read><content>x</content><path>a</path></Read>');
      assert.deepEqual(result.calls[0]?.params, { path: 'a' });
    });

    it('keeps an empty parameter as an empty string', () => {
      assert.deepEqual(parseWhole('<Read><path></path></Read>').calls[0]?.params, { path: '' });
    });

    it('keeps only a known tool name as a call: an unknown one is text', () => {
      const message = '<Delete><path>x</path></Delete>';
      assert.deepEqual(parseWhole(message), { text: message, thinking: '', calls: [] });
    });

    it('keeps multi-line content raw, with no unescaping', () => {
      const body = 'const a = 1 < 2 && 3 > 2;\n  &lt;div&gt; "quotes" \'single\'\n\t<div>html</div>\n';
      const result = parseWhole(`<Write><path>a.ts</path><content>${body}</content></Write>`);
      assert.equal(result.calls[0]?.params.content, body.slice(0, -1));
    });

    it('keeps tool-looking tags inside a parameter as content', () => {
      const result = parseWhole('<Write><path>doc.md</path><content><Read><path>x</path></Read></content></Write>');
      assert.deepEqual(result.calls.map((c) => c.params), [{ path: 'doc.md', content: '<Read><path>x</path></Read>' }]);
    });
  });

  describe('closing a parameter', () => {
    it('keeps a </content> that is followed by more content (the spec example)', () => {
      const result = parseWhole('<Write><path>a.md</path><content>use </content> tags</content></Write>');
      assert.deepEqual(result.calls[0]?.params, { path: 'a.md', content: 'use </content> tags' });
    });

    it('keeps a </content> right before the real one', () => {
      const result = parseWhole('<Write><path>a</path><content>x</content></content></Write>');
      assert.deepEqual(result.calls[0]?.params, { path: 'a', content: 'x</content>' });
    });

    it('closes at </param> followed by whitespace and another parameter of the tool', () => {
      const result = parseWhole('<Write><content>body</content> \n\t <path>a</path></Write>');
      assert.deepEqual(result.calls[0]?.params, { content: 'body', path: 'a' });
    });

    it('keeps </param> followed by whitespace and something else, whitespace included', () => {
      const result = parseWhole('<Write><path>a</path><content>x</content>\n  <div>y</content>\n</Write>');
      assert.deepEqual(result.calls[0]?.params, { path: 'a', content: 'x</content>\n  <div>y' });
    });

    it('keeps </param> followed by another tool\'s closing tag', () => {
      const result = parseWhole('<Write><path>a</path><content>x</content></Read></content></Write>');
      assert.deepEqual(result.calls[0]?.params, { path: 'a', content: 'x</content></Read>' });
    });

    it('keeps a file body full of nested-looking tags', () => {
      const body = [
        'Write it like <content>this</content> and then </content>.',
        '<Write><path>inner</path><content>nested</content> is how it looks',
        '</content></content>',
        '</content>\t<div>',
        'end',
      ].join('\n');
      const result = parseWhole(`<Write><path>README.md</path><content>\n${body}\n</content></Write>`);
      assert.deepEqual(result.calls[0]?.params, { path: 'README.md', content: body });
      assert.equal(result.calls[0]?.complete, true);
    });

    it('closes at the first </content> followed by </Write>, the one ambiguity the rule accepts', () => {
      const result = parseWhole('<Write><path>a</path><content>x</content></Write>y</content></Write>');
      assert.deepEqual(result.calls[0]?.params, { path: 'a', content: 'x' });
      assert.equal(result.text, 'y</content></Write>');
    });

    it('treats </Write> without a closed parameter as content', () => {
      const result = normalize(parseChunks(['<Write><path>a</path><content>x</Write>']));
      assert.deepEqual(result.calls[0]?.params, { path: 'a', content: 'x</Write>' });
      assert.equal(result.calls[0]?.complete, false);
    });
  });

  describe('whitespace in values', () => {
    it('trims one leading and one trailing newline', () => {
      assert.deepEqual(parseWhole('<Read><path>\nsrc/a.ts\n</path></Read>').calls[0]?.params, { path: 'src/a.ts' });
    });

    it('trims only one newline on each side', () => {
      assert.deepEqual(parseWhole('<Write><content>\n\nx\n\n</content></Write>').calls[0]?.params, { content: '\nx\n' });
    });

    it('trims CRLF newlines too', () => {
      assert.deepEqual(parseWhole('<Write><content>\r\nx\r\ny\r\n</content></Write>').calls[0]?.params, { content: 'x\r\ny' });
    });

    it('preserves spaces, tabs and interior newlines exactly', () => {
      const value = '  a \t\n\n  b  ';
      assert.deepEqual(parseWhole(`<Write><content>${value}</content></Write>`).calls[0]?.params, { content: value });
    });

    it('streams a value as it arrives, holding back only a possibly-final newline', () => {
      const parser = newParser();
      const delta = (d: string) => ({ type: 'toolParamDelta', callId: 'xml-1', name: 'Write', param: 'content', delta: d });
      assert.deepEqual(parser.feed('<Write><content>\nline1\n'), [{ type: 'toolCallStart', callId: 'xml-1', name: 'Write' }, delta('line1')]);
      assert.deepEqual(parser.feed('line2 <di'), [delta('\nline2 <di')]);
      assert.deepEqual(parser.feed('v></con'), [delta('v>')]);
      assert.deepEqual(parser.feed('tent>'), []);
      assert.deepEqual(parser.feed(' more'), [delta('</content> more')]);
    });
  });

  describe('end()', () => {
    it('ends an unterminated call as incomplete with what was written', () => {
      const raw = '<Write><path>a</path><content>partial\n';
      const events = parseChunks(['Text ', raw]);
      const result = normalize(events);
      assert.equal(result.text, 'Text ');
      assert.deepEqual(result.calls, [{ callId: 'xml-1', name: 'Write', params: { path: 'a', content: 'partial' }, complete: false, raw }]);
    });

    it('keeps a held partial closing tag in the value of an unterminated call', () => {
      const result = normalize(parseChunks(['<Write><content>abc</cont']));
      assert.deepEqual(result.calls[0]?.params, { content: 'abc</cont' });
    });

    it('closes the parameter when the stream ends right after its closing tag', () => {
      const result = normalize(parseChunks(['<Write><path>a</path><content>x</content>\n']));
      assert.deepEqual(result.calls[0]?.params, { path: 'a', content: 'x' });
      assert.equal(result.calls[0]?.complete, false);
    });

    it('ends a call opened but given no parameter', () => {
      const result = normalize(parseChunks(['<Read>']));
      assert.deepEqual(result.calls, [{ callId: 'xml-1', name: 'Read', params: {}, complete: false, raw: '<Read>' }]);
    });

    it('leaves the parser ready for a new message', () => {
      const parser = newParser();
      normalize(parseChunks(['<thinking>x'], parser));
      assert.deepEqual(normalize(parseChunks(['plain'], parser)), { text: 'plain', thinking: '', calls: [] });
    });
  });

  describe('construction', () => {
    it('rejects names that cannot be tags', () => {
      assert.throws(() => new XmlStreamParser({ tools: { 'Re ad': [] } }), /Invalid tool name/);
      assert.throws(() => new XmlStreamParser({ tools: { Read: ['pa>th'] } }), /Invalid parameter of Read name/);
      assert.throws(() => new XmlStreamParser({ tools: { thinking: [] } }), /reserved/);
    });

    it('works with a tool that has no parameters', () => {
      const parser = new XmlStreamParser({ tools: { Ping: [] } });
      assert.deepEqual(normalize(parseChunks(['<Ping></Ping>'], parser)).calls[0]?.complete, true);
    });
  });
});
