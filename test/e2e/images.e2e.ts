// Images (spec §16) in real VS Code: a PNG pasted into the chat input reaches the model as an `image_url` part,
// and its thumbnail in the user entry comes back after a window reload (stored beside the conversation).
import * as assert from 'node:assert/strict';
import { solidPng } from '../support/imageBytes';
import { CHAT_INPUT } from './support/browserSession';
import { sendAndWaitForTurn, transcriptEntries } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages } from './support/modelRequests';
import { reloadWindow } from './support/windowReload';
import { useCodeServerSuite } from './support/codeServerSuite';

const png = solidPng(40, 30, [20, 160, 60]);

/** The natural sizes of the loaded images under `selector` (0 while one is not decoded or was blocked). */
function loadedImages(selector: string): string {
  return `[...document.querySelectorAll(${JSON.stringify(selector)})].map((img) => img.complete ? img.naturalWidth + 'x' + img.naturalHeight : 'loading')`;
}

describe('images in the chat', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('a pasted PNG reaches the model as an image_url part, and its thumbnail survives a reload', async function () {
    suite.model.enqueue({ text: 'A green rectangle.' });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    let chat = await session.chatFrame();
    await chat.locator(CHAT_INPUT).waitFor();
    // The markup is there before the panel's script: Send gets aria-disabled once its listeners are attached.
    await chat.locator('#send[aria-disabled]').waitFor({ state: 'attached' });
    // A real paste event with the PNG as a file, the way the clipboard delivers a screenshot.
    await chat.evaluate(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(png.toString('base64'))}), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'green.png', { type: 'image/png' }));
      document.querySelector(${JSON.stringify(CHAT_INPUT)}).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await eventually(async () => assert.deepEqual(await chat.evaluate(loadedImages('#attachments img')), ['40x30']), { timeoutMs: 10_000, message: 'the thumbnail in the input' });
    assert.ok(await chat.getByRole('button', { name: 'Attach image', exact: true }).isVisible());

    await sendAndWaitForTurn(chat, 'What is in this image?');
    const request = chatPosts(suite.model)[0]!;
    const last = request.body.messages.at(-1) as { role: string; content: { type: string; text?: string; image_url?: { url: string } }[] };
    assert.equal(last.role, 'user', describeMessages(request));
    assert.ok(Array.isArray(last.content), `the user message has content parts: ${JSON.stringify(last.content).slice(0, 200)}`);
    assert.deepEqual(last.content.map((p) => p.type), ['text', 'image_url']);
    assert.match(last.content[0]!.text!, /What is in this image\?/);
    assert.equal(last.content[1]!.image_url!.url, `data:image/png;base64,${png.toString('base64')}`, 'the small PNG is sent as pasted');

    await eventually(async () => assert.deepEqual(await chat.evaluate(loadedImages('[data-kind="user"] .image-thumbnail img')), ['40x30']), { timeoutMs: 10_000, message: 'the thumbnail in the user entry' });
    assert.equal(await chat.locator('#attachments img').count(), 0, 'the input\'s tray is empty after sending');

    chat = await reloadWindow(session);
    await transcriptEntries(chat, 'user').first().waitFor({ timeout: 20_000 });
    await eventually(async () => assert.deepEqual(await chat.evaluate(loadedImages('[data-kind="user"] .image-thumbnail img')), ['40x30']), { timeoutMs: 20_000, message: 'the thumbnail after the reload' });
  });
});
