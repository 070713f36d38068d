import hljs from 'highlight.js/lib/core';
import { decorateCodeBlock } from './codeBlockDecoration';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// The languages agents write most; registering only these keeps the webview bundle small.
const languages = { bash, c, cpp, csharp, css, diff, go, java, javascript, json, markdown, php, python, ruby, rust, shell, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

const codeBlocks = 'pre > code';

/**
 * Finishes every fenced code block under root: highlighted when it names a known language (guessing is slow
 * and often wrong), and given its toolbar (language, Copy, Insert at cursor).
 */
export function finishCodeBlocks(root: HTMLElement): void {
  for (const block of root.querySelectorAll<HTMLElement>(codeBlocks)) finishCodeBlock(block);
}

/** The code blocks `finishCodeBlocks` would finish among some top-level nodes, in document order. */
export function codeBlocksIn(nodes: readonly Node[]): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  for (const node of nodes) if (node instanceof Element) blocks.push(...node.querySelectorAll<HTMLElement>(codeBlocks));
  return blocks;
}

export function finishCodeBlock(block: HTMLElement): void {
  highlightCode(block);
  decorateCodeBlock(block);
}

function highlightCode(block: HTMLElement): void {
  const language = /language-([\w+#-]+)/.exec(block.className)?.[1]?.toLowerCase();
  if (!language || !hljs.getLanguage(language)) return;
  block.innerHTML = hljs.highlight(block.textContent ?? '', { language, ignoreIllegals: true }).value;
  block.classList.add('hljs');
}
