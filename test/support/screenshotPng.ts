import { deflateSync } from 'node:zlib';
import { crc32, pngChunk, solidPng } from './imageBytes';

/**
 * A PNG shaped like a real screenshot of `targetBytes` or so: flat UI areas and rows of noisy "text"
 * (deterministic), so it compresses the way screenshots do and decodes like any PNG.
 */
export function screenshotPng(width: number, height: number, targetBytes: number): Buffer {
  let seed = 42;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x100000000;
  };
  const raw = Buffer.alloc(height * (1 + width * 3));
  // The share of noisy rows that compresses to about the target
  const noisyShare = Math.min(1, targetBytes / (width * height * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    const noisy = random() < noisyShare;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      const value = noisy ? Math.floor(random() * 256) : 30 + ((x >> 6) % 3) * 10;
      raw[at] = value;
      raw[at + 1] = noisy ? Math.floor(random() * 256) : value;
      raw[at + 2] = noisy ? Math.floor(random() * 256) : value + 20;
    }
  }
  const header = solidPng(width, 1);
  // The same signature and IHDR as a 1-row image, with the real height and the real pixels.
  const ihdrEnd = 8 + 25;
  const ihdr = Buffer.from(header.subarray(0, ihdrEnd));
  ihdr.writeUInt32BE(height, 8 + 8 + 4);
  return Buffer.concat([withFixedCrc(ihdr), pngChunk('IDAT', deflateSync(raw, { level: 6 })), pngChunk('IEND', Buffer.alloc(0))]);
}

function withFixedCrc(signatureAndIhdr: Buffer): Buffer {
  const ihdrTypeAndData = signatureAndIhdr.subarray(12, 12 + 4 + 13);
  signatureAndIhdr.writeUInt32BE(crc32(ihdrTypeAndData), 12 + 17);
  return signatureAndIhdr;
}
