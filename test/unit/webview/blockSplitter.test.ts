import * as assert from 'node:assert/strict';
import { marked } from '../../../webview-ui/markdown/markedSetup';
import { BlockSplitter, type Block } from '../../../webview-ui/markdown/blockSplitter';
import { chunks, corpus, randomChunks } from './markdownCorpus';

/** What the splitter's blocks render to, as the DOM renderer would concatenate them (before sanitising). */
class HtmlOfBlocks {
  private readonly splitter = new BlockSplitter();
  frozen: string[] = [];
  frozenRaw: string[] = [];
  tail: Block[] = [];
  renders = 0;

  update(text: string): void {
    const update = this.splitter.update(text);
    this.frozen.length = update.keptFrozen;
    this.frozenRaw.length = update.keptFrozen;
    for (const block of update.frozen) {
      this.frozen.push(marked.parser(block.tokens));
      this.frozenRaw.push(block.raw);
    }
    this.renders += update.frozen.length;
    this.tail = [...update.tail];
  }

  html(): string {
    return this.frozen.join('') + this.tail.map((block) => marked.parser(block.tokens)).join('');
  }
}

function whole(text: string): string {
  return marked.parse(text, { async: false });
}

function stream(parts: string[], check?: (text: string, view: HtmlOfBlocks) => void): HtmlOfBlocks {
  const view = new HtmlOfBlocks();
  let text = '';
  for (const part of parts) {
    text += part;
    view.update(text);
    check?.(text, view);
  }
  return view;
}

/** Streams `start` and then `paragraphs` paragraphs, one per update; asserts the open tail never grows past three. */
function assertSmallOpenTail(start: string, paragraphs: number): string {
  const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n\n';
  const splitter = new BlockSplitter();
  let text = start;
  let maxTail = 0;
  for (let i = 0; i < paragraphs; i++) {
    text += paragraph;
    splitter.update(text);
    maxTail = Math.max(maxTail, text.length - splitter.openOffset);
  }
  assert.ok(maxTail <= 3 * paragraph.length, `the open tail stays small (${maxTail} characters of ${text.length})`);
  return text;
}

describe('BlockSplitter', function () {
  // Rendering every 16-character prefix of a file is quadratic in its size, and the project's own docs grow: a real
  // file's intermediate states are checked at every 16th update, and it streams in random chunks of one seed of its
  // own. This is a correctness check, not a speed figure (test/bench).
  this.timeout(180_000);
  corpus().forEach(({ name, text, real }, index) => {
    it(`renders "${name}" streamed in 16-character chunks exactly like the whole text`, () => {
      let updates = 0;
      const view = stream(chunks(text, 16), (soFar, v) => {
        // Intermediate states too: frozen blocks plus the open tail render the text so far.
        if (!real || ++updates % 16 === 0) assert.equal(v.html(), whole(soFar));
      });
      assert.equal(view.html(), whole(text));
    });

    it(`renders "${name}" streamed in random-size chunks exactly like the whole text`, () => {
      for (const seed of real ? [index] : [1, 7, 42]) assert.equal(stream(randomChunks(text, seed)).html(), whole(text), `seed ${seed}`);
    });
  });

  it('keeps a fence that is still open in the tail, then freezes it once text after it proves it closed', () => {
    const splitter = new BlockSplitter();
    let update = splitter.update('Intro.\n\n```ts\nconst a = 1;\n');
    assert.deepEqual(update.tail.map((b) => b.openFence), [false, true]);
    update = splitter.update('Intro.\n\n```ts\nconst a = 1;\n```\n\nAfter one.\n\nAfter two.\n');
    assert.deepEqual([...update.frozen].map((b) => b.tokens[0]!.type), ['paragraph', 'code']);
    assert.equal(update.tail.some((b) => b.openFence), false);
  });

  it('keeps an open list and an open table in the tail while items and rows arrive', () => {
    const splitter = new BlockSplitter();
    let update = splitter.update('- one\n- two\n');
    assert.equal(update.frozen.length, 0);
    update = splitter.update('- one\n- two\n\nPara.\n');
    assert.equal(update.frozen.length, 0, 'a list followed by one block is still open');
    update = splitter.update('| a | b |\n|---|---|\n| 1 | 2 |\n');
    assert.equal(update.keptFrozen, 0, 'a text that is not the previous one plus more starts over');
    update = splitter.update('| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n');
    assert.equal(update.frozen.length, 0);
    assert.equal(update.tail[0]!.tokens[0]!.type, 'table');
  });

  it('re-renders a paragraph that becomes a setext heading when its underline arrives', () => {
    const view = new HtmlOfBlocks();
    view.update('First.\n\nA title\n');
    assert.match(view.html(), /<p>A title<\/p>/);
    view.update('First.\n\nA title\n---');
    assert.match(view.html(), /<h2>A title<\/h2>/);
    view.update('First.\n\nA title\n---\n\nNext.\n\nLast.\n');
    assert.deepEqual(view.frozenRaw, ['First.\n\n', 'A title\n---\n\n']);
    assert.equal(view.html(), whole('First.\n\nA title\n---\n\nNext.\n\nLast.\n'));
  });

  it('re-opens frozen blocks that use a link definition arriving later', () => {
    const view = new HtmlOfBlocks();
    let text = 'See [the guide].\n\nOne.\n\nTwo.\n\nThree.\n\n';
    view.update(text);
    assert.ok(view.frozen.length >= 2);
    assert.doesNotMatch(view.html(), /href/);
    text += '[the guide]: https://example.com\n';
    view.update(text);
    assert.equal(view.html(), whole(text));
    assert.match(view.html(), /<a href="https:\/\/example.com">the guide<\/a>/);
  });

  it('renders HTML left open across blocks together with the blocks it encloses', () => {
    const view = new HtmlOfBlocks();
    const text = '<div>\n\nInside.\n\nStill inside.\n\nAnd more.\n\n</div>\n\nAfter.\n\nEnd.\n\nReally.\n';
    assert.equal(stream(chunks(text, 5)).html(), whole(text));
    view.update(text);
    assert.equal(view.frozenRaw[0], '<div>\n\nInside.\n\nStill inside.\n\nAnd more.\n\n</div>\n\n');
  });

  it('freezes the blocks after an ordinary element opened in prose ("from <host>", "List<T>"): its container closes it', () => {
    const prose = 'Point it at <host> and a List<T> of names.\n\n# Returns Promise<void>\n\n- a <url> in an item\n\n';
    const text = assertSmallOpenTail(prose, 200);
    assert.equal(stream(chunks(text, 16)).html(), whole(text));
  });

  it('keeps the blocks after a formatting or special element left open in prose together with it', () => {
    for (const opened of ['<b>bold', '<a href="x">link', '<textarea>', '<button>', '<select>', '<li>item']) {
      const text = `Start ${opened} never closed.\n\nNext.\n\nMore.\n\nLast.\n\nReally last.\n`;
      const view = stream(chunks(text, 4));
      assert.deepEqual(view.frozenRaw, [], `${opened}: nothing after it is final`);
      assert.equal(view.html(), whole(text), opened);
    }
  });

  it('re-lexes only the open tail: the work per update does not grow with the frozen text', () => {
    assertSmallOpenTail('', 2000);
  });
});
