import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConversationMemory } from '../../../../src/core/memory/conversationMemory';
import { projectSlug } from '../../../../src/core/memory/projectSlug';
import { sessionMemory } from '../../../../src/core/memory/sessionMemory';
import { Settings } from '../../../../src/core/settings';
import { memoryStoreAt } from '../../../../src/node/memoryFolders';
import type { RecordedRequest } from '../../../fixtures/scriptedModel/types';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

type Message = { role: string; content: unknown };
const messagesOf = (request: RecordedRequest) => request.body.messages as Message[];
/** The request's L2 memory section: the system message that starts with `# Memory` (or holds it after the skills). */
const memoryLayer = (request: RecordedRequest) => messagesOf(request).filter((m) => m.role === 'system' && typeof m.content === 'string' && m.content.includes('<memory-notes')).map((m) => m.content as string);

/** Spec §21 over a real session, its real tools and the scripted model server. */
describe('memory across conversations (spec §21)', function () {
  this.timeout(20000);
  const scripted = useScriptedWorkspace({ 'README.md': '# demo\n' });
  let home: string;
  beforeEach(async () => {
    home = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-home-'));
  });
  afterEach(() => fsp.rm(home, { recursive: true, force: true }));

  const projectIndex = () => path.join(home, '.codeagent', 'projects', projectSlug(scripted.ws.root), 'memory', 'MEMORY.md');
  const withMemory = (settings: Record<string, unknown> = {}) => {
    const parsed = Settings.parse({ model: { name: 'scripted-model', toolProtocol: 'xml', baseUrl: scripted.server.baseUrl }, ...settings });
    return { settings: () => parsed, memory: sessionMemory(memoryStoreAt(scripted.ws.root, home), () => parsed) };
  };

  it('the L2 bytes of every request in one conversation are identical, before and after a memory write; the next conversation carries the write, its history does not', async () => {
    await fsp.mkdir(path.dirname(projectIndex()), { recursive: true });
    await fsp.writeFile(projectIndex(), '- Build: npm run build\n');
    scripted.server.enqueue(
      { text: 'Noting it.\n<Memory>\n<command>str_replace</command>\n<path>/memories/project/MEMORY.md</path>\n<old_str>- Build: npm run build</old_str>\n<new_str>- Build: npm run build\n- Tests run with make check-fast</new_str>\n</Memory>' },
      { text: 'I will remember that tests run with make check-fast.' },
      { text: 'You are welcome.' },
    );
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { deps: withMemory() });
    assert.equal(await session.send('remember that tests run with make check-fast', () => {}), 'answered');
    assert.equal(await session.send('thanks', () => {}), 'answered');
    assert.equal(await fsp.readFile(projectIndex(), 'utf8'), '- Build: npm run build\n- Tests run with make check-fast\n');

    const requests = scripted.server.requests;
    assert.equal(requests.length, 3);
    const layers = requests.map(memoryLayer);
    assert.equal(layers[0]!.length, 1);
    assert.match(layers[0]![0]!, /- Build: npm run build/);
    assert.doesNotMatch(layers[0]![0]!, /make check-fast/);
    for (const layer of layers) assert.equal(layer[0], layers[0]![0], 'every request carries the same bytes, after the write too');
    // Its place: right after L1, so the cached prefix holds it.
    assert.equal(messagesOf(requests[2]!).findIndex((m) => m.content === layers[0]![0]), 1);
    // The tool result told the model what it wrote.
    assert.ok(messagesOf(requests[1]!).some((m) => m.role === 'user' && String(m.content).includes('The memory file has been edited')));

    scripted.server.reset();
    scripted.server.enqueue({ text: 'Running make check-fast.' });
    const next = scriptedAgentSession(scripted.server, scripted.ws.root, { deps: withMemory() }).session;
    assert.equal(await next.send('run the tests', () => {}), 'answered');
    const [first] = scripted.server.requests;
    assert.match(memoryLayer(first!)[0]!, /- Tests run with make check-fast/);
    assert.deepEqual(next.messages.filter((m) => m.content.includes('make check-fast')).map((m) => m.role), ['assistant'], 'the note is in L2, not in the new conversation\'s history');
  });

  it('with memory.enabled off: no Memory tool, no memory prompt and nothing of the memory in the request', async () => {
    await fsp.mkdir(path.dirname(projectIndex()), { recursive: true });
    await fsp.writeFile(projectIndex(), '- Tests run with make check-fast\n');
    scripted.server.enqueue({ text: 'Hello.' }, { text: 'Hello again.' });
    const off = withMemory({ memory: { enabled: false }, model: { name: 'scripted-model', toolProtocol: 'native', baseUrl: scripted.server.baseUrl } });
    await scriptedAgentSession(scripted.server, scripted.ws.root, { deps: off }).session.send('hi', () => {});
    const on = withMemory({ model: { name: 'scripted-model', toolProtocol: 'native', baseUrl: scripted.server.baseUrl } });
    await scriptedAgentSession(scripted.server, scripted.ws.root, { deps: on }).session.send('hi', () => {});
    const [without, withIt] = scripted.server.requests;
    const toolNames = (request: RecordedRequest) => (request.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    assert.ok(!toolNames(without!).includes('Memory'));
    assert.doesNotMatch(JSON.stringify(without!.body), /make check-fast|memory-notes|\/memories\//);
    assert.ok(toolNames(withIt!).includes('Memory'));
    assert.match(JSON.stringify(withIt!.body), /make check-fast/);
  });

  it('reads the indexes once per conversation, and again only after a compaction', async () => {
    const store = memoryStoreAt(scripted.ws.root, home);
    const notes = new ConversationMemory(store);
    await store.write('user', 'MEMORY.md', '- one');
    const first = await notes.text();
    await store.write('user', 'MEMORY.md', '- two');
    assert.equal(await notes.text(), first);
    notes.refresh();
    assert.match(await notes.text(), /- two/);
  });
});
