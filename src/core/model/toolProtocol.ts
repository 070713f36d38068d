import { ModelError } from '../ports/modelClient';
import type { Settings } from '../settings';

/** How tool calls travel in one request: XML in the text, or OpenAI function calling. */
export type WireProtocol = 'xml' | 'native';

/** Endpoints and models that refused native tools (spec §3 `auto`): remembered for the window's life and beyond. */
export interface ToolProtocolMemory {
  refusesTools(baseUrl: string, model: string): boolean;
  rememberRefusal(baseUrl: string, model: string): void;
}

/** The protocol a request speaks: `auto` is native unless this endpoint and model refused tools before. */
export function wireProtocolOf(model: Settings['model'], memory: ToolProtocolMemory | undefined): WireProtocol {
  if (model.toolProtocol === 'xml') return 'xml';
  if (model.toolProtocol === 'native') return 'native';
  return memory?.refusesTools(model.baseUrl, model.name) ? 'xml' : 'native';
}

/**
 * The endpoint said the model takes no tools: Ollama's "registry.ollama.ai/library/x does not support tools",
 * or a 400/404/422 that says tools or function calling are unsupported or unknown (vLLM, LM Studio, llama.cpp and
 * proxies word it their own way). A complaint about one call ("Function call is missing a thought_signature") is not.
 */
export function refusesTools(error: unknown): boolean {
  if (!(error instanceof ModelError) || error.kind !== 'badRequest') return false;
  if (error.status !== undefined && ![400, 404, 422].includes(error.status)) return false;
  return toolsRefusal.test(error.message);
}

const toolsRefusal = new RegExp([
  String.raw`does not support (?:tools|function|tool[ _]call)`,
  String.raw`(?:tools|tool use|tool calling|function calling|functions) (?:is |are )?not (?:supported|enabled|available)`,
  String.raw`not support(?:ed)? (?:for )?(?:tools|tool calling|function calling)`,
  String.raw`unrecognized request argument supplied: tools`,
  String.raw`(?:unknown|unexpected|unsupported|extra) (?:field|parameter|argument|key)s?\W+\`?tools\b`,
].join('|'), 'i');
