import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** Markdown of the kinds models write, one feature after another, including the ones that change kind late. */
export const syntheticAnswer = `# Plan

Here is what I will do, with **bold**, *emphasis*, \`code\` and a [link](https://example.com "title").
A second line of the same paragraph, and an autolink https://example.org/path.

Setext heading one
==================

Setext heading two
------------------

1. First step
   - nested bullet with \`inline\`
   - another nested bullet
     1. deeper
2. Second step

   A loose paragraph inside the item.

   \`\`\`ts
   const nested = true;
   \`\`\`
3. Third step

- [ ] a task
- [x] a done task

| Column | Other | Right |
| ------ | :---: | ----: |
| a      | b     | c     |
| \`d\`  | **e** | f     |

> A quote with a list:
> - one
> - two
>
> and a lazy
continuation line.

\`\`\`typescript
export function add(a: number, b: number): number {
  return a + b; // a < b && b > a
}
\`\`\`

~~~python
def f(x):
    return x * 2
~~~

\`\`\`
no language here
\`\`\`

    indented code block
    second line

<details>
<summary>More</summary>

Inside **details**, a paragraph.

- and a list

</details>

<div align="center"><img src="https://example.com/a.png" alt="a"></div>

Some <b>inline html</b> and <span>a span</span> in a paragraph.

<!-- a comment -->

See [the docs][docs] and [Docs] again, and [missing][nowhere].

***

Final paragraph with a footnote-like [1] and trailing text
that ends without a newline`;

/** Definitions after their use: the blocks using them render differently once they arrive. */
export const lateDefinitions = `Read [the guide][guide] first.

Then [the spec].

Text between.

More text.

[guide]: https://example.com/guide "The guide"
[the spec]: <https://example.com/spec>

After the definitions.
`;

/** A paragraph that becomes a setext heading, a table that starts as a paragraph, a fence closed at the very end. */
export const lateKinds = `Intro paragraph.

Becomes a heading
---

| a | b |
|---|---|
| 1 | 2 |
Not a row? yes it is

\`\`\`js
let x = 1;
\`\`\``;

export const htmlAcrossBlocks = `Start.

<div class="box">

Inside the box.

* item

</div>

<b>bold that never closes

Next paragraph.

Last.
`;

/** Angle brackets in prose as models write them: ordinary elements that the paragraph, item, heading or cell closes. */
export const tagsInProse = `Point it at <host> and a List<T> of names.

# Returns Promise<void>

- a <url> in a list item
- <kbd>Ctrl</kbd>+<kbd>S</kbd> saves

| type | example |
|------|---------|
| Map<K, V> | <span>cell |

A <textarea> in prose swallows what follows

Next paragraph.

Last.
`;

export function realMarkdown(): Array<{ name: string; text: string }> {
  const files = ['README.md', 'docs/architecture.md', ...fs.readdirSync(path.join(root, 'prompts')).filter((f) => f.endsWith('.md')).map((f) => `prompts/${f}`)];
  return files.map((name) => ({ name, text: fs.readFileSync(path.join(root, name), 'utf8') }));
}

/** The texts written to hold the cases that change late: every test streams them in every chunking it has. */
function syntheticCorpus(): Array<{ name: string; text: string }> {
  return [
    { name: 'synthetic answer', text: syntheticAnswer },
    { name: 'late definitions', text: lateDefinitions },
    { name: 'late kinds', text: lateKinds },
    { name: 'html across blocks', text: htmlAcrossBlocks },
    { name: 'tags in prose', text: tagsInProse },
  ];
}

/**
 * The synthetic texts, then the project's own Markdown. The real files are there for breadth, and they grow with the
 * project (docs/architecture.md passed 48 KB): streaming one costs updates × its open tail, so tests stream them in
 * fewer chunkings than the synthetic texts, each with a chunking of its own.
 */
export function corpus(): Array<{ name: string; text: string; real: boolean }> {
  return [...syntheticCorpus().map((entry) => ({ ...entry, real: false })), ...realMarkdown().map((entry) => ({ ...entry, real: true }))];
}

export function chunks(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}

/** Deterministic random-size chunks (1 to `maxSize` characters), so a failure reproduces. */
export function randomChunks(text: string, seed: number, maxSize = 40): string[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state;
  };
  const parts: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = 1 + (next() % maxSize);
    parts.push(text.slice(i, i + size));
    i += size;
  }
  return parts;
}
