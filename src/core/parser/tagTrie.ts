/** One matched character of a tag; `meaning` is set on the node that completes a tag. */
export interface TagTrieNode<T> {
  readonly next: Map<string, TagTrieNode<T>>;
  meaning?: T;
}

/**
 * The tags that mean something in one parser state, matched a character at a time, so a tag split
 * across chunks costs nothing extra and anything that stops matching is known at once to be plain text.
 */
export class TagTrie<T> {
  /** The node after '<': every tag starts there. */
  readonly afterOpenBracket: TagTrieNode<T> = { next: new Map() };

  constructor(tags: Iterable<readonly [tag: string, meaning: T]>) {
    for (const [tag, meaning] of tags) {
      if (!tag.startsWith('<') || !tag.endsWith('>') || tag.slice(1).includes('<') || tag.slice(0, -1).includes('>')) {
        throw new Error(`Invalid tag "${tag}": a tag is "<" … ">" with no other angle brackets.`);
      }
      let node = this.afterOpenBracket;
      for (const char of tag.slice(1)) {
        let child = node.next.get(char);
        if (!child) {
          child = { next: new Map() };
          node.next.set(char, child);
        }
        node = child;
      }
      node.meaning = meaning;
    }
  }

  /** The node reached by matching `text` (which starts with '<'), or undefined when it is no tag's prefix. */
  walk(text: string): TagTrieNode<T> | undefined {
    if (!text.startsWith('<')) return undefined;
    let node: TagTrieNode<T> | undefined = this.afterOpenBracket;
    for (let i = 1; i < text.length && node; i++) node = node.next.get(text.charAt(i));
    return node;
  }
}
