// The web (spec §22) in a real VS Code: WebFetch goes through the user's `http.proxy` — a local forward proxy
// that alone resolves the made-up `*.test` hosts — asks per host, remembers "Always" in the user's settings,
// turns a page into Markdown without its chrome, refuses a metadata address unasked, asks again for a redirect
// to another host, tells the model about a Reject; WebSearch asks a SearXNG-shaped server, unasked.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Frame } from 'playwright-core';
import { ForwardProxy } from '../fixtures/web/forwardProxy';
import { SearchApiServer } from '../fixtures/web/searchApiServer';
import { WebPageServer } from '../fixtures/web/webPageServer';
import { sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts, lastMessage } from './support/modelRequests';

const fetchCall = (url: string) => `<WebFetch>\n<url>${url}</url>\n</WebFetch>`;

describe('web: WebFetch asked per host through the proxy, WebSearch through the provider', function () {
  const suite = useCodeServerSuite();
  let pages: WebPageServer;
  let proxy: ForwardProxy;
  let search: SearchApiServer;

  before(async () => {
    pages = await WebPageServer.start();
    proxy = await ForwardProxy.start(pages.port);
    search = await SearchApiServer.start();
  });
  after(async () => {
    await proxy.close();
    await pages.close();
    await search.close();
  });

  /** The model's request after `n` chat posts: the tool result it was sent last. */
  const resultAt = async (n: number) => {
    await eventually(async () => assert.ok(chatPosts(suite.model).length >= n), { timeoutMs: 30_000, message: `model request ${n}` });
    return lastMessage(chatPosts(suite.model)[n - 1]!).content;
  };
  const approvalCard = async (chat: Frame, host: string) => {
    const card = transcriptEntries(chat, 'approval').filter({ has: chat.getByRole('button', { name: `Always allow ${host}` }) }).last();
    await card.waitFor({ timeout: 30_000 });
    return card;
  };

  it('asks, remembers Always, converts, refuses metadata unasked, asks again on a redirect to another host, tells a Reject; searches unasked', async function () {
    const redirect = `http://docs.test/redirect?to=${encodeURIComponent('http://other.test/notes.txt')}`;
    suite.model.enqueue(
      { text: `Reading the guide.\n${fetchCall('http://docs.test/page.html')}` },
      { text: `And the data.\n${fetchCall('http://docs.test/data.json')}` },
      { text: `Credentials next.\n${fetchCall('http://169.254.169.254/latest/meta-data/')}` },
      { text: `A moved page.\n${fetchCall(redirect)}` },
      { text: 'Searching.\n<WebSearch>\n<query>widget options</query>\n</WebSearch>' },
      { text: 'Done: widgets install with npm (http://docs.test/page.html).' },
    );
    search.reply = { query: 'widget options', results: [{ title: 'Widget options', url: 'https://widgets.example/options', content: 'size and name', engine: 'ddg' }] };
    const workspace = suite.server.createWorkspace({
      modelBaseUrl: suite.model.baseUrl,
      settings: { 'http.proxy': proxy.url, 'codeagent.web.search.provider': 'searxng', 'codeagent.web.search.baseUrl': search.baseUrl },
    });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'How do I install widgets?');

    // 1. The first fetch from docs.test asks, showing the whole URL; "Always allow docs.test".
    const first = await approvalCard(chat, 'docs.test');
    assert.match((await first.textContent()) ?? '', /Fetch this URL\?[\s\S]*http:\/\/docs\.test\/page\.html/);
    for (const name of ['Allow', 'Reject']) assert.ok(await first.getByRole('button', { name, exact: true }).isVisible(), name);
    assert.equal(proxy.asked.length, 0, 'nothing fetched before the answer');
    await first.getByRole('button', { name: 'Always allow docs.test' }).click();

    // 2. The page arrived through the proxy as Markdown without its script, style or nav.
    const page = await resultAt(2);
    assert.match(page, /Installing widgets/);
    assert.match(page, /untrusted data from the web/);
    for (const gone of ['trackingScript', 'secret-style', 'NavPricingLink', 'images.test']) assert.ok(!page.includes(gone), `${gone} in ${page}`);
    assert.deepEqual(proxy.asked.slice(0, 1), ['docs.test/page.html']);
    await eventually(async () => {
      const files = [suite.server.userSettingsFile, suite.server.userOnlySettingsFile].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, 'utf8'));
      assert.ok(files.some((text) => /"codeagent\.web\.allowedDomains":\s*\[\s*"docs\.test"\s*\]/.test(text)), files.join('\n'));
    }, { message: '"Always" lands in the user settings' });
    const card = transcriptEntries(chat, 'tool-call').filter({ hasText: 'WebFetch' }).first();
    await eventually(async () => assert.match((await card.textContent()) ?? '', /docs\.test · 200 OK · [\d.]+ KB · \d+ ms/), { message: 'the card shows host, status, size, time' });

    // 3. The second fetch from docs.test is not asked.
    assert.match(await resultAt(3), /"name":"widget"/);
    // 4. The metadata address is refused without asking, and the model is told why.
    const metadata = await resultAt(4);
    assert.match(metadata, /address_refused[\s\S]*169\.254\.169\.254 is never fetched/);
    assert.ok(!proxy.asked.some((a) => a.includes('169.254')), 'the metadata address never reached the proxy');

    // 5. The redirect to other.test asks again; Reject tells the model.
    const second = await approvalCard(chat, 'other.test');
    assert.match((await second.textContent()) ?? '', /http:\/\/other\.test\/notes\.txt[\s\S]*Redirected from http:\/\/docs\.test\/redirect/);
    await second.getByRole('button', { name: 'Reject', exact: true }).click();
    const rejected = await resultAt(5);
    assert.match(rejected, /did not allow fetching http:\/\/other\.test\/notes\.txt \(a redirect from http:\/\/docs\.test\/redirect/);
    assert.ok(!proxy.asked.includes('other.test/notes.txt'), 'the rejected host was not fetched');

    // 6. WebSearch goes to the SearXNG-shaped server, unasked.
    const found = await resultAt(6);
    assert.match(found, /Widget options\n\s+https:\/\/widgets\.example\/options\n\s+size and name/);
    assert.deepEqual(search.seen.map((s) => [s.path, s.query.format, s.query.q]), [['/search', 'json', 'widget options']]);
    await waitForIdle(chat, 30_000);
    assert.equal(await transcriptEntries(chat, 'approval').count(), 2, 'two questions in all: docs.test and the redirect to other.test');
  });
});
