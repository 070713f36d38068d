import type { ScriptedModelServer } from '../fixtures/scriptedModelServer';
import { scriptedAgentSession } from './scriptedAgentSession';

export interface CacheShare {
  /** Input tokens read from the cache in steps 2…n, over all their input tokens, as the scripted server counted them. */
  share: number;
  /** Each request's usage as the server reported it. */
  usages: { input_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number }[];
  /** Each request's cache marks. */
  marks: number[];
}

/**
 * A scripted turn of `steps` model calls through the Messages API (Claude with thinking, a Read per step, then the
 * answer), run by a real AgentSession on `root` (which holds src/a.ts): how much of the input after step 1 Anthropic's
 * prompt cache, as the scripted server counts it, would serve.
 */
export async function messagesCacheTurn(server: ScriptedModelServer, root: string, steps = 10): Promise<CacheShare> {
  for (let i = 1; i < steps; i++) server.enqueue({ reasoning: `Step ${i}: read it again.`, toolCalls: [{ id: `toolu_${i}`, name: 'Read', arguments: '{"path":"src/a.ts"}' }] });
  server.enqueue({ reasoning: 'Enough.', text: `Read it ${steps - 1} times.` });
  const { session } = scriptedAgentSession(server, root, { model: { name: 'claude-sonnet-4-6', toolProtocol: 'native', api: 'messages', reasoningEffort: 'high' } });
  const outcome = await session.send(`read a.ts ${steps - 1} times`, () => undefined);
  if (outcome !== 'answered') throw new Error(`the turn ended ${outcome}`);
  const requests = server.requests.filter((r) => r.path.endsWith('/v1/messages'));
  const usages = requests.map((r) => r.usage!);
  const after = usages.slice(1);
  const read = after.reduce((n, u) => n + u.cache_read_input_tokens, 0);
  const all = after.reduce((n, u) => n + u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens, 0);
  const marks = requests.map((r) => JSON.stringify(r.body).split('"cache_control"').length - 1);
  return { share: all ? read / all : 0, usages, marks };
}
