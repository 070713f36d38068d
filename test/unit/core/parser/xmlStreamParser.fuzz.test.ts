import { strict as assert } from 'node:assert';
import { cutAt, normalize, parseChunks, parseWhole, seededRandom, type NormalizedResult } from './parserHarness';

const FILE_WITH_TAGS = [
  'import { html } from "lit";',
  '',
  '/** Renders <content> and </content> markers; see <Write> docs. */',
  'export function render(items: string[]): string {',
  '  if (items.length < 1 && 2 > 1) return "<div class=\\"empty\\"></div>";',
  '  return `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;',
  '}',
  '// closing tags in a string: "</content>" then </content> again',
  '</content>',
  '\t<div>stray</div></path>',
  '',
].join('\n');

/** Representative model messages; `expected` pins the whole-message result so consistency is checked against a known answer. */
const MESSAGES: { name: string; message: string; expected?: NormalizedResult }[] = [
  {
    name: 'text, thinking, a Write whose body contains </content> and HTML, then a Read',
    message:
      'Sure <b>now</b>, a < b.\n<thinking>The file needs <div> tags; maybe <Read> first.</thinking>\n' +
      `<Write>\n<path>\nsrc/render.ts\n</path>\n<content>\n${FILE_WITH_TAGS}\n</content>\n</Write>\n` +
      'Now check: <Read><path>src/render.ts</path><offset>1</offset></Read> done </div>',
    expected: {
      text: 'Sure <b>now</b>, a < b.\n\n\nNow check:  done </div>',
      thinking: 'The file needs <div> tags; maybe <Read> first.',
      calls: [
        {
          callId: 'xml-1',
          name: 'Write',
          params: { path: 'src/render.ts', content: FILE_WITH_TAGS },
          complete: true,
          raw: `<Write>\n<path>\nsrc/render.ts\n</path>\n<content>\n${FILE_WITH_TAGS}\n</content>\n</Write>`,
        },
        {
          callId: 'xml-2',
          name: 'Read',
          params: { path: 'src/render.ts', offset: '1' },
          complete: true,
          raw: '<Read><path>src/render.ts</path><offset>1</offset></Read>',
        },
      ],
    },
  },
  {
    name: 'near-miss tags everywhere',
    message:
      '<Rea <Reads> <Read > <thinkin <thinking><thinking></thinkin></thinking> <Re\n' +
      '<Edit><path>a</path><old_string></old_strin</old_string></new_string></old_string>  <new_string>\n<x></new_string\n</new_string></Edit><',
    expected: {
      text: '<Rea <Reads> <Read > <thinkin  <Re\n<',
      thinking: '<thinking></thinkin>',
      calls: [
        {
          callId: 'xml-1',
          name: 'Edit',
          params: { path: 'a', old_string: '</old_strin</old_string></new_string>', new_string: '<x></new_string' },
          complete: true,
          raw: '<Edit><path>a</path><old_string></old_strin</old_string></new_string></old_string>  <new_string>\n<x></new_string\n</new_string></Edit>',
        },
      ],
    },
  },
  {
    name: 'parameters the tool does not take, beside content that only looks like them',
    message:
      '<Read>\n<reason>first</reason>\n<path>src/a.ts</path>\n<reason>to see <b>x</b></reason>\n<limit>10</limit>\n</Read>\n' +
      '<Write><path>b.html</path><content><div>a</div></content>\n<div>b</div> c</content> <reason>why</reason></Write>',
    expected: {
      text: '\n',
      thinking: '',
      calls: [
        {
          callId: 'xml-1',
          name: 'Read',
          params: { path: 'src/a.ts', limit: '10' },
          complete: true,
          raw: '<Read>\n<reason>first</reason>\n<path>src/a.ts</path>\n<reason>to see <b>x</b></reason>\n<limit>10</limit>\n</Read>',
          ignoredParams: ['reason'],
        },
        {
          callId: 'xml-2',
          name: 'Write',
          params: { path: 'b.html', content: '<div>a</div></content>\n<div>b</div> c' },
          complete: true,
          raw: '<Write><path>b.html</path><content><div>a</div></content>\n<div>b</div> c</content> <reason>why</reason></Write>',
          ignoredParams: ['reason'],
        },
      ],
    },
  },
  {
    name: 'CRLF values, empty values and two calls back to back',
    message: '<Bash><command>\r\nnpm test\r\n</command><timeout></timeout></Bash><Bash>\n<command>ls\n\n</command>\n</Bash>\r\n',
  },
  {
    name: 'an unterminated Write cut inside a nested closing tag',
    message: 'Writing:\n<Write><path>x.html</path><content><html><body></body></html>\n</content> still body </conte',
  },
  {
    name: 'an unterminated thinking block',
    message: 'a<thinking>deep <Read><path>q</path></Read> thought </thinking',
  },
];

/** Pieces that, glued at random, make messages full of tags, near-tags and split tags. */
const FRAGMENTS = [
  'text ', 'a < b', ' > ', '\n', '\r\n', '  ', '\t', '<', '</', '>', '<div>', '</div>',
  '<thinking>', '</thinking>', '<thin', 'king>', '<Read>', '</Read>', '<Re', 'ad>', '<Write>', '</Write>',
  '<path>', '</path>', '<content>', '</content>', '</conte', 'nt>', '<offset>', '</offset>', '<Bash>', '<command>',
  '</command>', '</Bash>', 'x', 'é😀', '<reason>', '</reason>', '<rea', 'son>', '</rea', '<limit>', '</limit>', '<b>', '</b>',
];

/** Pieces for the inside of a call: tags that are no parameter, and closing tags that may or may not close (no opening one, so no parameter is given twice). */
const VALUE_FRAGMENTS = ['</path>', '</limit>', '<reason>', '</reason>', '<rea', 'son>', '</rea', '<b>', '</b>', '</Read>', '</Re', ' ', '\n', 'x', '<', '>'];
/** Between parameters: mostly what the rule ignores (whole unknown tags, whitespace), sometimes what breaks it. */
const BETWEEN_FRAGMENTS = ['<reason>x</reason>', '<reason>', '</reason>', '<rea', 'son>', '<b>y</b>', ' ', '\n', 'x', '</path>', '</Re'];

function randomMessage(random: () => number, fragments = FRAGMENTS, length = 1 + Math.floor(random() * 30)): string {
  return Array.from({ length }, () => fragments[Math.floor(random() * fragments.length)]!).join('');
}

function assertSameResult(chunks: string[], expected: NormalizedResult, label: string): void {
  const actual = normalize(parseChunks(chunks));
  assert.deepEqual(actual, expected, `${label}: ${JSON.stringify(chunks)}`);
}

function assertAnyChunkingAgrees(message: string, random: () => number, label: string): void {
  const whole = parseWhole(message);
  assertSameResult([...message], whole, `${label} in 1-char chunks`);
  for (let run = 0; run < 10; run++) {
    const cuts = Array.from({ length: 1 + Math.floor(random() * 8) }, () => Math.floor(random() * (message.length + 1)));
    assertSameResult(cutAt(message, cuts), whole, `${label}, run ${run}`);
  }
}

describe('XmlStreamParser fuzz: any chunking gives the same result', () => {
  for (const { name, message, expected } of MESSAGES) {
    describe(name, () => {
      const whole = parseWhole(message);

      if (expected) {
        it('parses the whole message as expected', () => {
          assert.deepEqual(whole, expected);
        });
      }

      it('at every 2-piece split', () => {
        for (let cut = 0; cut <= message.length; cut++) assertSameResult(cutAt(message, [cut]), whole, `cut at ${cut}`);
      });

      it('in 1-character chunks', () => {
        assertSameResult([...message], whole, '1-char chunks');
      });

      it('at 200 random cut sets', () => {
        const random = seededRandom(0x5eed + message.length);
        for (let run = 0; run < 200; run++) {
          const cutCount = 1 + Math.floor(random() * Math.min(40, message.length));
          const cuts = Array.from({ length: cutCount }, () => Math.floor(random() * (message.length + 1)));
          assertSameResult(cutAt(message, cuts), whole, `run ${run}`);
        }
      });
    });
  }

  it('on 300 random messages built from tag fragments', () => {
    const random = seededRandom(2024);
    for (let m = 0; m < 300; m++) {
      assertAnyChunkingAgrees(randomMessage(random), random, `message ${m}`);
    }
  });

  it('on 300 random Read calls with parameters it does not take', () => {
    const random = seededRandom(30);
    for (let m = 0; m < 300; m++) {
      const some = (fragments: string[]) => randomMessage(random, fragments, Math.floor(random() * 6));
      const [value, between] = [() => some(VALUE_FRAGMENTS), () => some(BETWEEN_FRAGMENTS)];
      assertAnyChunkingAgrees(`<Read><path>${value()}</path>${between()}<limit>${value()}</limit>${between()}</Read>`, random, `call ${m}`);
    }
  });
});
