import * as assert from 'node:assert/strict';
import { marked } from 'marked';
import type { HostMessage } from '../../../src/protocol/messages';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { buildPanelBundle, openGuardedPage, settle, type PanelBundle } from '../../support/guardedWebviewPage';
import { until } from '../../support/until';
import { ATTACKER_HOST, hostileMarkup } from './hostileMarkup';
import { useHarnessPage } from '../../support/harnessPage';

const payloads = hostileMarkup();

function snapshotOf(kind: TranscriptEntry['kind']): HostMessage {
  const entries = payloads.map((p, i): TranscriptEntry => ({ id: `${kind}${i}`, kind, text: p.text, turnId: 't1' }));
  return { type: 'snapshot', entries, busy: false, onboarding: null, usage: null };
}

/** Spec §10 "sanitised", docs/security.md: nothing in model output loads remotely without a click. */
describe('Remote content in the panel (Chromium)', function () {
  this.timeout(120_000);
  // tsx compiles the functions passed to evaluate with esbuild's keepNames, which calls __name.
  const chromium = useHarnessPage('markdownDomHarness', 'window.__name = (f) => f;');
  let bundle: PanelBundle;

  before(async () => {
    bundle = await buildPanelBundle();
  });

  it(`the corpus holds at least 50 hostile payloads (${payloads.length})`, () => {
    assert.ok(payloads.length >= 50);
  });

  it('the sanitizer leaves no remote-loading tag or attribute in any payload, rendered whole or streamed', async () => {
    const problems = await chromium.page.evaluate((list) => {
      const h = window.markdownHarness;
      return list.flatMap(({ name, text }) => {
        const chunks: string[] = [];
        for (let i = 0; i < text.length; i += 7) chunks.push(text.slice(i, i + 7));
        const found = [...h.remoteLoadingProblems(h.whole(text)), ...h.remoteLoadingProblems(h.stream(chunks, true).html)];
        return found.length ? [`${name}: ${found.join(', ')}`] : [];
      });
    }, payloads);
    assert.deepEqual(problems, []);
  });

  it('a remote image becomes a "Load image from <host>" button; a data: image still renders', async () => {
    const html = await chromium.page.evaluate((t) => window.markdownHarness.whole(t), `![chart](https://${ATTACKER_HOST}/c.png) ![dot](data:image/png;base64,iVBORw0KGgo=)`);
    assert.match(html, new RegExp(`<button[^>]*data-remote-image="https://${ATTACKER_HOST}/c.png"[^>]*>Load image from ${ATTACKER_HOST} \\(chart\\)</button>`));
    assert.match(html, /<img alt="dot" src="data:image\/png;base64,iVBORw0KGgo=">/);
  });

  for (const csp of [true, false]) {
    it(`rendering every payload in the panel ${csp ? 'with its CSP' : 'without any CSP (the sanitizer alone)'} makes 0 requests to other hosts`, async () => {
      const panel = await openGuardedPage(chromium.browser, bundle, { csp });
      try {
        await panel.post(snapshotOf('assistant'));
        await panel.post({ type: 'entryAdded', entry: { id: 's1', kind: 'assistant', text: '', turnId: 't2' } });
        // A payload's 9-character deltas arrive as one burst (a round trip each cost more than the rendering).
        for (const { text } of payloads) {
          const deltas: HostMessage[] = [];
          for (let i = 0; i < text.length; i += 9) deltas.push({ type: 'entryAppended', id: 's1', delta: text.slice(i, i + 9) + (i + 9 >= text.length ? '\n\n' : '') });
          await panel.postEach(deltas);
        }
        await settle(panel.page);
        assert.ok(await panel.page.locator('button.remote-image').count() >= 5, 'the remote images are shown as placeholders');
        assert.deepEqual(panel.remoteRequests, []);
      } finally {
        await panel.page.close();
      }
    });
  }

  describe('the CSP alone, with the unsanitised HTML in the page', () => {
    // A meta refresh is a navigation, which CSP does not govern: only the sanitizer stops that one.
    const raw = payloads.filter((p) => p.name !== 'meta refresh').map((p) => `<div>${marked.parse(p.text, { async: false })}</div>`).join('\n');

    it('blocks every remote load', async () => {
      const panel = await openGuardedPage(chromium.browser, bundle, { csp: true, body: raw });
      try {
        await settle(panel.page);
        assert.deepEqual(panel.remoteRequests, []);
      } finally {
        await panel.page.close();
      }
    });

    it('(control) without it, the same page does reach the attacker: the interceptor sees real loads', async () => {
      const panel = await openGuardedPage(chromium.browser, bundle, { csp: false, body: raw });
      try {
        await until(() => panel.remoteRequests.some((url) => new URL(url).host === ATTACKER_HOST), { message: 'remote loads seen' });
      } finally {
        await panel.page.close();
      }
    });
  });

  it('a click on a link or a placeholder never navigates the panel: the URL goes to the host, javascript: goes nowhere', async () => {
    const panel = await openGuardedPage(chromium.browser, bundle, { csp: true });
    try {
      const text = `[docs](https://${ATTACKER_HOST}/page) ![x](https://${ATTACKER_HOST}/img.png) <a href="javascript:alert(1)">js</a> [rel](other.html)`;
      await panel.post({ type: 'snapshot', entries: [{ id: 'a', kind: 'assistant', text, turnId: 't' }], busy: false, onboarding: null, usage: null });
      await panel.page.getByRole('link', { name: 'docs' }).click();
      await panel.page.getByRole('button', { name: `Load image from ${ATTACKER_HOST}` }).click();
      await panel.page.getByText('js', { exact: true }).click();
      await panel.page.getByText('rel', { exact: true }).click();
      await panel.page.getByRole('link', { name: 'docs' }).click({ button: 'middle' });
      await settle(panel.page);
      assert.equal(panel.page.url(), 'http://panel.test/');
      assert.deepEqual(panel.remoteRequests, []);
      const opened = (await panel.posted()).filter((m) => m.type === 'openExternal');
      assert.deepEqual(opened, [
        { type: 'openExternal', url: `https://${ATTACKER_HOST}/page` },
        { type: 'openExternal', url: `https://${ATTACKER_HOST}/img.png` },
      ]);
    } finally {
      await panel.page.close();
    }
  });
});
