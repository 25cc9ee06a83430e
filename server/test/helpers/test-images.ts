import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A data URL as a browser's FileReader makes it. */
export function dataUrl(type: string, bytes: Buffer): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/** A real JPEG straight off a phone: EXIF with the maker and a GPS position. */
export function phoneJpeg(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3a6' } })
    .png()
    .toBuffer();
}

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 3, background: '#33a' } })
    .gif()
    .toBuffer();
}

/** Noise compresses badly: a JPEG well over the app-wide 1 MB body limit, under 2 MB. */
export async function largeJpeg(): Promise<Buffer> {
  const side = 1400;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The EXIF GPS IFD pointer tag (0x8825), as a little-endian EXIF block stores it. */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  return Boolean(exif?.includes(Buffer.from([0x25, 0x88])));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny file whose header claims 10,000 x 10,000 pixels: a decompression bomb's shape. */
export function bombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(10_000, 0);
  header.writeUInt32BE(10_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A file whose header claims an interlaced 8-bit RGBA PNG of `width` x `height`: what sharp reads
 * before deciding to decode, without the megabytes of a real one.
 */
export function interlacedPngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 1], 8); // 8-bit RGBA, Adam7 interlacing
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
