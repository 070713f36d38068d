import { strict as assert } from 'node:assert';
import { imageDimensions, sniffImageType } from '../../../../src/core/images/imageFormat';
import { imageFromBytes, imageFromDataUrl } from '../../../../src/core/images/imageData';
import { downscaledSize, maxImageBytes } from '../../../../src/core/images/imageLimits';
import { dataUrlOf, gifHeader, jpegHeader, solidPng, webpVp8xHeader } from '../../../support/imageBytes';

describe('images: type by magic bytes, size from the header, downscale size', () => {
  it('tells PNG, JPEG, GIF and WebP apart by their bytes and reads their dimensions', () => {
    const cases = [
      [solidPng(3, 2), 'image/png', 3, 2],
      [jpegHeader(640, 480), 'image/jpeg', 640, 480],
      [gifHeader(17, 9), 'image/gif', 17, 9],
      [webpVp8xHeader(4000, 3000), 'image/webp', 4000, 3000],
    ] as const;
    for (const [bytes, type, width, height] of cases) {
      assert.equal(sniffImageType(bytes), type);
      assert.deepEqual(imageDimensions(bytes, type), { width, height });
    }
  });

  it('refuses what only claims to be an image: a .png of text, a data URL declaring image/png over HTML', () => {
    assert.equal(sniffImageType(Buffer.from('<svg onload="alert(1)"></svg>')), undefined);
    const fromBytes = imageFromBytes('a', 'shot.png', Buffer.from('<html><script>alert(1)</script></html>'));
    assert.equal(fromBytes.ok, false);
    assert.match(!fromBytes.ok ? fromBytes.message : '', /shot\.png is not a PNG, JPEG, GIF or WebP image/);
    const declared = imageFromDataUrl('b', 'x.png', dataUrlOf(Buffer.from('<svg/>'), 'image/png'));
    assert.equal(declared.ok, false);
  });

  it('takes the type from the bytes, not from the declared type', () => {
    const checked = imageFromDataUrl('c', 'really-a-png.jpg', dataUrlOf(solidPng(5, 4), 'image/jpeg'));
    assert.ok(checked.ok);
    assert.equal(checked.image.mimeType, 'image/png');
    assert.equal(checked.image.dataUrl.startsWith('data:image/png;base64,'), true);
    assert.deepEqual([checked.image.width, checked.image.height], [5, 4]);
  });

  it('refuses an image over 20 MB with a message, before decoding a data URL', () => {
    const big = Buffer.alloc(maxImageBytes + 1);
    solidPng(1, 1).copy(big);
    const fromBytes = imageFromBytes('d', 'huge.png', big);
    assert.equal(fromBytes.ok, false);
    assert.match(!fromBytes.ok ? fromBytes.message : '', /huge\.png is 20\.0 MB; images over 20\.0 MB are not sent/);
    const fromUrl = imageFromDataUrl('e', 'huge.png', dataUrlOf(big));
    assert.match(!fromUrl.ok ? fromUrl.message : '', /over 20\.0 MB/);
  });

  it('refuses a damaged header and anything that is not base64 data', () => {
    assert.equal(imageFromBytes('f', 'cut.png', solidPng(2, 2).subarray(0, 12)).ok, false);
    assert.equal(imageFromDataUrl('g', 'x', 'javascript:alert(1)').ok, false);
    assert.equal(imageFromDataUrl('h', 'x', 'data:image/png,notbase64<>').ok, false);
  });

  it('downscales to 1568 px on the long side, keeping the aspect ratio; smaller images keep their size', () => {
    assert.deepEqual(downscaledSize(3840, 2160), { width: 1568, height: 882 });
    assert.deepEqual(downscaledSize(1080, 2400), { width: 706, height: 1568 });
    assert.deepEqual(downscaledSize(1568, 1568), { width: 1568, height: 1568 });
    assert.deepEqual(downscaledSize(800, 600), { width: 800, height: 600 });
    assert.deepEqual(downscaledSize(20000, 10), { width: 1568, height: 1 });
  });
});
