import { assertTagName } from './tagShape';
import { TagTrie } from './tagTrie';

export type TagMeaning =
  | { kind: 'thinkingOpen' }
  | { kind: 'thinkingClose' }
  | { kind: 'toolOpen'; tool: string }
  | { kind: 'paramOpen'; param: string }
  | { kind: 'paramClose' }
  | { kind: 'toolClose' };

/** The tags that mean something inside one tool's call. */
export interface ToolGrammar {
  /** Between parameters: each parameter's opening tag and the tool's closing tag. */
  bodyTags: TagTrie<TagMeaning>;
  /** Inside a parameter: its own closing tag only. */
  paramCloseTags: Map<string, TagTrie<TagMeaning>>;
}

const THINKING = 'thinking';

/** The tags that mean something in each parser state, from the tool names and their parameter names. */
export interface XmlGrammar {
  /** In text: each tool's opening tag and `<thinking>`. */
  textTags: TagTrie<TagMeaning>;
  thinkingTags: TagTrie<TagMeaning>;
  tools: Map<string, ToolGrammar>;
}

export function xmlGrammar(tools: Readonly<Record<string, readonly string[]>>): XmlGrammar {
  const toolOpenTags: [string, TagMeaning][] = [[`<${THINKING}>`, { kind: 'thinkingOpen' }]];
  const grammars = new Map<string, ToolGrammar>();
  for (const [tool, params] of Object.entries(tools)) {
    assertTagName(tool, 'tool');
    if (tool === THINKING) throw new Error(`"${THINKING}" is reserved and cannot be a tool name.`);
    params.forEach((param) => assertTagName(param, `parameter of ${tool}`));
    toolOpenTags.push([`<${tool}>`, { kind: 'toolOpen', tool }]);
    grammars.set(tool, {
      bodyTags: new TagTrie<TagMeaning>([
        ...params.map((param): [string, TagMeaning] => [`<${param}>`, { kind: 'paramOpen', param }]),
        [`</${tool}>`, { kind: 'toolClose' }],
      ]),
      paramCloseTags: new Map(params.map((param) => [param, new TagTrie<TagMeaning>([[`</${param}>`, { kind: 'paramClose' }]])])),
    });
  }
  const thinkingTags = new TagTrie<TagMeaning>([[`</${THINKING}>`, { kind: 'thinkingClose' }]]);
  return { textTags: new TagTrie(toolOpenTags), thinkingTags, tools: grammars };
}
