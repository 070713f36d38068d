import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { AgentEvent } from '../../../../src/core/events';
import { createIdGenerator } from '../../../../src/core/ids';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';
import { until } from '../../../support/until';

describe('Two conversations editing one file (spec §16): the mtime guard keeps them apart', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });
  const newId = createIdGenerator(() => 0, 't');

  const session = () => scriptedAgentSession(scripted.server, scripted.ws.root, { approval: { autoApproveEdits: true }, deps: { newId } }).session;

  const edit = (from: string, to: string) => ({ text: `<Edit><path>src/a.ts</path><old_string>${from}</old_string><new_string>${to}</new_string></Edit>` });

  it('a write by one session after the other changed the file since it read it is refused, and the other\'s change stays', async () => {
    const first = session();
    const second = session();
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: 'Read it.' });
    await first.send('read a', () => {});
    // The other conversation changes the file (it reads it first, as the agent must), once the file system's
    // clock (coarse: a few ms) has moved past the first read's mtime, so the change shows in the mtime.
    const readAt = (await fsp.stat(path.join(scripted.ws.root, 'src/a.ts'))).mtimeMs;
    const probe = path.join(scripted.ws.root, '.mtime-probe');
    await until(async () => (await fsp.writeFile(probe, ''), (await fsp.stat(probe)).mtimeMs > readAt), { message: "the file system's clock past the read" });
    await fsp.rm(probe);
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, edit('export const a = 1;', 'export const a = 2;'), { text: 'Changed.' });
    await second.send('set a to 2', () => {});
    assert.equal(await scripted.ws.read('src/a.ts'), 'export const a = 2;\n');

    // The edit itself would apply (its text is still there): only the guard stops it.
    scripted.server.enqueue(edit('export const', 'export let'), { text: 'Refused.' });
    const results: Extract<AgentEvent, { type: 'toolResult' }>[] = [];
    await first.send('set a to 3', (e) => { if (e.type === 'toolResult') results.push(e); });
    assert.equal(results[0]?.status, 'error');
    assert.match(results[0]!.summary, /was modified since you last read it/);
    assert.equal(await scripted.ws.read('src/a.ts'), 'export const a = 2;\n', 'the other conversation\'s change is kept');
  });
});
