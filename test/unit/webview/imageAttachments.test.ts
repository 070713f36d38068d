import * as assert from 'node:assert/strict';
import { useHarnessPage } from '../../support/harnessPage';
import { solidPng } from '../../support/imageBytes';

/** Spec §16 in the input (Chromium, real pastes, real decoding and downscaling). */
describe('image attachments in Chromium', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('imageAttachmentsHarness');
  const page = () => harness.page;
  const paste = (png: Buffer, name: string, type = 'image/png', padTo = 0) =>
    page().evaluate(([b64, n, t, pad]) => window.imageHarness.paste(b64, n, t, pad), [png.toString('base64'), name, type, padTo] as const);
  const settled = () => page().evaluate(() => window.imageHarness.settled());
  const notice = () => page().evaluate(() => window.imageHarness.notice());

  beforeEach(async () => {
    await page().evaluate(() => {
      window.imageHarness.setSupported(true);
      window.imageHarness.take();
    });
  });

  it('downscales a large screenshot to 1568 px on the long side; a small image is sent as pasted', async () => {
    const small = solidPng(40, 30);
    await paste(solidPng(3000, 1000), 'wide.png');
    await paste(small, 'small.png');
    await settled();
    assert.deepEqual(await page().evaluate(() => window.imageHarness.trayImages()), ['wide.png', 'small.png']);
    const taken = await page().evaluate(() => window.imageHarness.take());
    assert.deepEqual(taken.map((i) => i.name), ['wide.png', 'small.png']);
    assert.match(taken[0]!.dataUrl, /^data:image\/jpeg;base64,/);
    assert.equal(await page().evaluate((url) => window.imageHarness.sizeOf(url), taken[0]!.dataUrl), '1568x523');
    assert.equal(taken[1]!.dataUrl, `data:image/png;base64,${small.toString('base64')}`);
    assert.deepEqual(await page().evaluate(() => window.imageHarness.trayImages()), [], 'the tray empties once the message takes them');
  });

  it('refuses a file whose bytes are not an image, whatever its name and type, and one over 20 MB', async () => {
    await paste(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'shot.png');
    await settled();
    assert.equal(await notice(), 'shot.png is not a PNG, JPEG, GIF or WebP image.');
    await paste(solidPng(2, 2), 'huge.png', 'image/png', 20 * 1024 * 1024 + 1);
    await settled();
    assert.equal(await notice(), 'huge.png is 20.0 MB; images over 20 MB cannot be attached.');
    assert.deepEqual(await page().evaluate(() => window.imageHarness.trayImages()), []);
  });

  it('with supportsImages false, pasting and Attach image say why and attach nothing', async () => {
    await page().evaluate(() => window.imageHarness.setSupported(false));
    await paste(solidPng(4, 4), 'a.png');
    await settled();
    assert.match(await notice(), /^This model takes no images \(codeagent\.model\.supportsImages is false\)/);
    await page().evaluate(() => window.imageHarness.clickAttach());
    assert.match(await notice(), /supportsImages is false/);
    assert.deepEqual(await page().evaluate(() => window.imageHarness.take()), []);
  });

  it('a thumbnail shows only an image data URL: anything else of a stored entry shows no image', async () => {
    const sources = await page().evaluate(() => window.imageHarness.thumbnailSources([
      { name: 'ok.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
      { name: 'script', dataUrl: 'javascript:alert(1)' },
      { name: 'svg', dataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
      { name: 'remote', dataUrl: 'https://attacker.example/x.png' },
    ]));
    assert.deepEqual(sources, ['data:image/png;base64,iVBORw0KGgo=', null, null, null]);
  });
});
