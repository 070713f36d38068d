import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { PendingApprovals } from '../../../../src/core/agent/pendingDecisions';
import { checkAttachedImages } from '../../../../src/core/images/attachedImages';
import { createIdGenerator } from '../../../../src/core/ids';
import type { ImageAttachment } from '../../../../src/core/ports/modelClient';
import { AgentSession } from '../../../../src/core/session/agentSession';
import { Settings } from '../../../../src/core/settings';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { createNodeToolPorts } from '../../../../src/node/createNodeToolPorts';
import { OpenAiModelClient } from '../../../../src/node/openaiModelClient';
import { dataUrlOf, solidPng } from '../../../support/imageBytes';
import { recordingClock } from '../../../support/recordingClock';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

type SentPart = { type: string; text?: string; image_url?: { url: string } };
type SentMessage = { role: string; content: string | SentPart[] | null; tool_call_id?: string; tool_calls?: unknown[] };

/** Spec §16 over HTTP: what the scripted OpenAI-compatible server receives, in both wire formats. */
describe('images reach the model as image_url parts (xml and native)', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'README.md': '# demo\n', 'fake.png': '<svg onload="alert(1)"/>' });

  const session = (toolProtocol: 'xml' | 'native', supportsImages = true) =>
    scriptedAgentSession(scripted.server, scripted.ws.root, { model: { name: 'vision', toolProtocol, supportsImages } }).session;

  const pasted = (): ImageAttachment => {
    const checked = checkAttachedImages([{ name: 'screenshot.png', dataUrl: dataUrlOf(solidPng(40, 30)) }], true, () => '1');
    assert.ok(checked.ok);
    return checked.images[0]!;
  };
  const sentMessages = (index: number) => scripted.server.requests[index]!.body.messages as SentMessage[];
  const imageUrls = (message: SentMessage | undefined) => (Array.isArray(message?.content) ? message.content : []).filter((p) => p.type === 'image_url').map((p) => p.image_url!.url);
  const readCall = (protocol: 'xml' | 'native', file: string) => (protocol === 'native'
    ? { toolCalls: [{ id: 'call_img', name: 'Read', arguments: JSON.stringify({ path: file }) }] }
    : { text: `Looking.\n<Read>\n<path>${file}</path>\n</Read>` });

  for (const protocol of ['xml', 'native'] as const) {
    it(`a pasted image goes with the user's text as an image_url data URL, this turn and the next (${protocol})`, async () => {
      scripted.server.enqueue({ text: 'A red square.' }, { text: 'Still red.' });
      const s = session(protocol);
      const image = pasted();
      assert.equal(await s.send('what is this?', () => {}, [image]), 'answered');
      const user = sentMessages(0).at(-1)!;
      assert.equal(user.role, 'user');
      assert.deepEqual((user.content as SentPart[])[0], { type: 'text', text: 'what is this?' });
      assert.deepEqual(imageUrls(user), [image.dataUrl]);
      assert.match(image.dataUrl, /^data:image\/png;base64,iVBORw0KGgo/);

      await s.send('and now?', () => {});
      assert.deepEqual(imageUrls(sentMessages(1).find((m) => m.role === 'user')), [image.dataUrl], 'history keeps the image for later turns');
    });

    it(`Read of a PNG returns the image to the model next to the tool result (${protocol})`, async () => {
      const png = solidPng(64, 48);
      await fsp.writeFile(path.join(scripted.ws.root, 'shot.png'), png);
      scripted.server.enqueue(readCall(protocol, 'shot.png'), { text: 'It is a red image.' });
      assert.equal(await session(protocol).send('look at shot.png', () => {}), 'answered');
      const sent = sentMessages(1);
      const expectedUrl = dataUrlOf(png);
      if (protocol === 'native') {
        const toolIndex = sent.findIndex((m) => m.role === 'tool');
        assert.match(String(sent[toolIndex]!.content), /shot\.png: PNG image, 64x48 pixels/);
        assert.equal(typeof sent[toolIndex]!.content, 'string', 'a tool message carries text only');
        const carrier = sent[toolIndex + 1]!;
        assert.equal(carrier.role, 'user');
        assert.deepEqual(imageUrls(carrier), [expectedUrl]);
      } else {
        const result = sent.at(-1)!;
        assert.equal(result.role, 'user');
        assert.match((result.content as SentPart[])[0]!.text!, /^<tool_result tool="Read" status="success">\nshot\.png: PNG image, 64x48 pixels/);
        assert.deepEqual(imageUrls(result), [expectedUrl]);
      }
    });

    it(`with supportsImages false, Read describes the image instead and sends no image part (${protocol})`, async () => {
      await fsp.writeFile(path.join(scripted.ws.root, 'shot.png'), solidPng(64, 48));
      scripted.server.enqueue(readCall(protocol, 'shot.png'), { text: 'ok' });
      assert.equal(await session(protocol, false).send('look at shot.png', () => {}), 'answered');
      const sent = sentMessages(1);
      assert.deepEqual(sent.flatMap(imageUrls), []);
      assert.match(JSON.stringify(sent), /shot\.png is a PNG image, 64x48 pixels, \d+ B\. It is not shown: the model in use takes no images/);
    });
  }

  it('after supportsImages is turned off, earlier images go to the model as their placeholders', async () => {
    scripted.server.enqueue({ text: 'A red square.' }, { text: 'ok' });
    let supportsImages = true;
    const settings = () => Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'vision', supportsImages } });
    const s = new AgentSession({
      model: () => new OpenAiModelClient({ baseUrl: scripted.server.baseUrl, apiKey: undefined }),
      clock: recordingClock(), settings, tools: createDefaultToolRegistry(), ...createNodeToolPorts({ workspaceRoot: scripted.ws.root }),
      approver: new PendingApprovals(), newId: createIdGenerator(() => 0, 't'),
      environment: () => ({ os: 'TestOS', shell: 'bash', workspaceRoot: scripted.ws.root }),
    });
    await s.send('what is this?', () => {}, [pasted()]);
    supportsImages = false;
    await s.send('and now?', () => {});
    const sent = sentMessages(1);
    assert.deepEqual(sent.flatMap(imageUrls), []);
    assert.equal(sent[1]!.content, 'what is this?\n[image: screenshot.png, 40x30]');
  });

  it('Read of a .png whose bytes are not an image is refused, never sent as an image', async () => {
    scripted.server.enqueue(readCall('native', 'fake.png'), { text: 'ok' });
    await session('native').send('look', () => {});
    const sent = sentMessages(1);
    assert.deepEqual(sent.flatMap(imageUrls), []);
    assert.match(JSON.stringify(sent), /not_an_image.*fake\.png is not a PNG, JPEG, GIF or WebP image/);
  });

  it('attaching with supportsImages false is refused with the reason; a bad image is refused by name', () => {
    const refused = checkAttachedImages([{ name: 'a.png', dataUrl: dataUrlOf(solidPng(2, 2)) }], false, () => '1');
    assert.equal(refused.ok, false);
    assert.match(!refused.ok ? refused.message : '', /This model takes no images: codeagent\.model\.supportsImages is false/);
    const bad = checkAttachedImages([{ name: 'evil.png', dataUrl: 'data:image/png;base64,PHN2Zz4=' }], true, () => '1');
    assert.match(!bad.ok ? bad.message : '', /evil\.png is not a PNG, JPEG, GIF or WebP image/);
  });
  it('an image sent with a message queued mid-turn goes with it at the next request; the stored queue names it, holds no data (native)', async () => {
    scripted.server.enqueue(readCall('native', 'README.md'), { text: 'Seen.' });
    const s = session('native');
    const image = pasted();
    let stored = '';
    await s.send('read the readme', (e) => {
      if (e.type !== 'toolCall' || e.partial) return;
      s.queue.add('and this screenshot', [image]);
      stored = JSON.stringify(s.toConversation([]).queued);
    });
    const steer = sentMessages(1).at(-1)!;
    assert.equal(steer.role, 'user');
    assert.deepEqual((steer.content as SentPart[])[0], { type: 'text', text: 'and this screenshot' });
    assert.deepEqual(imageUrls(steer), [image.dataUrl]);
    assert.match(stored, /and this screenshot\\n\[image: screenshot\.png, 40x30\]/);
    assert.doesNotMatch(stored, /base64/);
    assert.deepEqual(s.messages.find((m) => m.content === 'and this screenshot')?.images?.map((i) => i.name), ['screenshot.png']);
  });
});
