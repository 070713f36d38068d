import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Conversation } from '../../../src/core/conversation/conversation';
import type { HistoryMessage } from '../../../src/core/history/historyMessage';
import type { ImageAttachment } from '../../../src/core/ports/modelClient';
import { FileConversationStore } from '../../../src/node/fileConversationStore';
import { realisticConversation } from '../core/conversation/conversationFixtures';
import { dataUrlOf, solidPng } from '../../support/imageBytes';

/** Spec §16: a conversation's images are files beside it, not data in its snapshot or log, and come back on load. */
describe('FileConversationStore: images beside the conversation', () => {
  let dir: string;
  const png = solidPng(30, 20);
  const image = (id: string): ImageAttachment => ({ id, name: 'screenshot.png', mimeType: 'image/png', width: 30, height: 20, bytes: png.length, dataUrl: dataUrlOf(png) });
  const withImage = (id: string, imageId = 'img-1'): Conversation => {
    const base = realisticConversation(id, 1000);
    const user: HistoryMessage = { id: 'u-img', createdAt: 1500, kind: 'user', role: 'user', content: 'what is this?', turnId: 'tImg', images: [image(imageId)] };
    const entry = { id: 'e-img', kind: 'user', text: 'what is this?', turnId: 'tImg', meta: { images: [image(imageId)] } };
    return { ...base, messages: [...base.messages, user], transcript: [...base.transcript, entry] };
  };
  const storedText = async (id: string) => (await Promise.all([`${id}.json`, `${id}.log.jsonl`].map((name) => fsp.readFile(path.join(dir, name), 'utf8')))).join('\n');

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-images-'));
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('writes each image once as a file in <id>.images/, keeps no image data in the snapshot or log, and loads it back', async () => {
    const conversation = withImage('c1');
    const store = new FileConversationStore(dir);
    await store.save(conversation);
    assert.deepEqual(await fsp.readdir(path.join(dir, 'c1.images')), ['img-1.png']);
    assert.deepEqual(await fsp.readFile(path.join(dir, 'c1.images', 'img-1.png')), png);
    assert.equal((await storedText('c1')).includes(png.toString('base64').slice(0, 40)), false, 'no base64 of the image in the JSON');
    assert.match(await storedText('c1'), /"name":"screenshot.png","mimeType":"image\/png","width":30,"height":20/);

    const loaded = (await new FileConversationStore(dir).load('c1'))!;
    assert.equal(loaded.messages.at(-1)!.images![0]!.dataUrl, dataUrlOf(png));
    const entry = loaded.transcript.at(-1) as { meta: { images: ImageAttachment[] } };
    assert.equal(entry.meta.images[0]!.dataUrl, dataUrlOf(png), 'the thumbnail comes back after a reload');
    assert.deepEqual(loaded, conversation);
  });

  it('a loaded conversation saved again unchanged appends nothing about its images', async () => {
    await new FileConversationStore(dir).save(withImage('c2'));
    const store = new FileConversationStore(dir);
    const loaded = (await store.load('c2'))!;
    const logBefore = await fsp.readFile(path.join(dir, 'c2.log.jsonl'), 'utf8');
    await store.save({ ...loaded, updatedAt: 5000 });
    const appended = (await fsp.readFile(path.join(dir, 'c2.log.jsonl'), 'utf8')).slice(logBefore.length);
    assert.equal(appended.includes('screenshot.png'), false, appended);
  });

  it('an image whose file is gone loads as its placeholder in the message, without failing the conversation', async () => {
    await new FileConversationStore(dir).save(withImage('c3'));
    await fsp.rm(path.join(dir, 'c3.images'), { recursive: true });
    const loaded = (await new FileConversationStore(dir).load('c3'))!;
    const message = loaded.messages.at(-1)!;
    assert.equal(message.images, undefined);
    assert.equal(message.content, 'what is this?\n[image: screenshot.png, 30x20] (its file is missing)');
  });

  it('an isolated agent\'s own history keeps its images as files too', async () => {
    const base = withImage('c6');
    const agentMessage: HistoryMessage = { id: 'a-img', createdAt: 1600, kind: 'user', role: 'user', content: 'review this', turnId: 'tA', images: [image('img-2')] };
    await new FileConversationStore(dir).save({ ...base, agentHistories: { reviewer: [agentMessage] } });
    assert.equal((await storedText('c6')).includes(png.toString('base64').slice(0, 40)), false);
    assert.deepEqual((await fsp.readdir(path.join(dir, 'c6.images'))).sort(), ['img-1.png', 'img-2.png']);
    const loaded = (await new FileConversationStore(dir).load('c6'))!;
    assert.equal(loaded.agentHistories!.reviewer![0]!.images![0]!.dataUrl, dataUrlOf(png));
  });

  it('a whole snapshot deletes the image files nothing names any more (a conversation cut back)', async () => {
    const conversation = withImage('c7');
    // Every save a whole snapshot.
    const store = new FileConversationStore(dir, { maxLogLines: 1 });
    await store.save(conversation);
    const cut = { ...conversation, messages: conversation.messages.slice(0, -1), transcript: conversation.transcript.slice(0, -1), updatedAt: 9000 };
    await store.save(cut);
    assert.deepEqual(await fsp.readdir(path.join(dir, 'c7.images')), []);
    await store.save({ ...conversation, updatedAt: 9500 }); // named again (a Retry's images): written again
    assert.deepEqual(await fsp.readdir(path.join(dir, 'c7.images')), ['img-1.png']);
  });

  it('deleting the conversation deletes its images; an image id that names another path is never written', async () => {
    const store = new FileConversationStore(dir);
    await store.save(withImage('c4'));
    await store.delete('c4');
    assert.equal(await fsp.stat(path.join(dir, 'c4.images')).catch(() => undefined), undefined);

    await store.save(withImage('c5', '../../escape'));
    assert.equal(await fsp.stat(path.join(dir, 'c5.images')).catch(() => undefined), undefined);
    assert.deepEqual((await fsp.readdir(path.dirname(dir))).filter((name) => name.startsWith('escape')), []);
  });
});
