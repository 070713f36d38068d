import { ScriptedModelServer } from '../fixtures/scriptedModelServer';
import { messagesCacheTurn } from '../support/messagesCacheTurn';
import { TempWorkspace } from '../unit/core/tools/toolTestKit';
import { reportFigure } from './benchSummary';

const TARGET = 0.9;

/**
 * Issue 41: over a scripted 10-step turn through the Messages API (Claude with thinking, a real AgentSession and
 * its real tools), the share of input tokens after step 1 that Anthropic's prompt cache serves, as the scripted
 * server counts it (the longest prefix an earlier request wrote at a breakpoint).
 */
export async function runMessagesCacheBench(): Promise<void> {
  const server = await ScriptedModelServer.start();
  const ws = await TempWorkspace.create({ 'src/a.ts': 'export const a = 1;\n'.repeat(50) });
  try {
    const { share, usages } = await messagesCacheTurn(server, ws.root);
    console.log('\nMessages API prompt cache over a 10-step turn (scripted server\'s count)');
    usages.forEach((u, i) => console.log(`  step ${i + 1}: input ${u.input_tokens}, cache write ${u.cache_creation_input_tokens}, cache read ${u.cache_read_input_tokens}`));
    const percent = `${(share * 100).toFixed(1)} %`;
    console.log(`  read from the cache after step 1: ${percent}`);
    reportFigure({ area: 'messages', figure: 'input read from the cache, steps 2-10', value: percent, target: '>= 90 %', ok: share >= TARGET });
  } finally {
    await ws.cleanup();
    await server.close();
  }
}
