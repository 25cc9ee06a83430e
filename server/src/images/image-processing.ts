import type { ResizeOptions } from 'sharp';
import { messages } from '#shared/messages.ts';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '#shared/schemas/audience.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';

export type ImageKind = 'artist_photo' | 'banner_image';

/** An uploaded image ready to store: re-encoded, resized, without any metadata. */
export interface ProcessedImage {
  kind: ImageKind;
  contentType: 'image/webp';
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * How each kind is shown: the photo in a round avatar (cropped square, 512 px at most), the
 * banner across the artist modal. Larger images only cost the audience's mobile data; smaller
 * ones are never enlarged.
 */
function resizeFor(kind: ImageKind, width: number, height: number): ResizeOptions {
  if (kind === 'banner_image') {
    return { width: 1600, height: 600, fit: 'inside', withoutEnlargement: true };
  }
  const side = Math.min(512, width, height);
  return { width: side, height: side, fit: 'cover' };
}

/** A 2 MB file can still unpack to billions of pixels (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A JPEG and a plain PNG are read a few rows at a time as they are resized (a 40-megapixel one
 * took the server 8-70 MB more); an interlaced PNG cannot be, and is decoded whole first (200 MB
 * for 40 megapixels). Its decoded size is held to what the server can spare for one image.
 */
const MAX_WHOLE_DECODE_BYTES = 64 * 1024 * 1024;

/**
 * Images are processed one at a time: four 40-megapixel PNGs uploaded at once took the server to
 * 841 MB. An upload is rare (a musician's photo or banner), so waiting for another costs nothing.
 */
let processing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = processing.then(work, work);
  processing = result.catch(() => {});
  return result;
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[a-z-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const tooLarge = () => new HttpError(413, messages.imageTooLarge);

export function isDataUrl(text: string): boolean {
  return text.startsWith('data:');
}

/**
 * The bytes of a `data:image/jpeg;base64,...` or `data:image/png;base64,...` URL. Any other
 * type, or text that is not base64, is a 400; more than 2 MB decoded is a 413.
 */
export function decodeImageDataUrl(text: string): Buffer {
  const header = DATA_URL.exec(text);
  if (!header) throw badRequest(messages.imageWrongType);
  const declared = header[1]!.toLowerCase();
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(declared)) {
    throw badRequest(messages.imageWrongType);
  }
  const data = text.slice(header[0].length).replace(/\s+/g, '');
  // Checked before decoding: Node's decoder would skip stray characters (a NUL, a quote).
  if (data.length === 0 || data.length % 4 === 1 || !BASE64.test(data)) {
    throw badRequest(messages.imageUnreadable);
  }
  if (Math.floor((data.length * 3) / 4) - 2 > IMAGE_MAX_BYTES) throw tooLarge();
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw tooLarge();
  return bytes;
}

/**
 * Decodes the image with sharp (trusting its content, not the declared type), then re-encodes
 * it as WebP at the kind's size. sharp writes no metadata unless asked to, so EXIF (a phone's
 * GPS position included), ICC and XMP are gone; the EXIF orientation is applied first.
 */
export function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  return oneAtATime(() => decodeAndEncode(bytes, kind));
}

async function decodeAndEncode(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  // Loaded on the first upload: libvips costs the server memory it would otherwise never use.
  const { default: sharp } = await import('sharp');
  // The header only: nothing is decoded yet.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw badRequest(messages.imageUnreadable);
    });
  const { format, width = 0, height = 0, channels = 4, depth, isProgressive } = metadata;
  if (format !== 'jpeg' && format !== 'png') throw badRequest(messages.imageWrongType);
  if (width * height > MAX_INPUT_PIXELS) throw badRequest(messages.imageTooManyPixels);
  const bytesPerSample = depth === 'ushort' ? 2 : 1;
  if (
    format === 'png' &&
    isProgressive &&
    width * height * channels * bytesPerSample > MAX_WHOLE_DECODE_BYTES
  ) {
    throw badRequest(messages.imageInterlacedTooLarge);
  }
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize(resizeFor(kind, width, height))
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { kind, contentType: 'image/webp', bytes: data, width: info.width, height: info.height };
  } catch {
    // A truncated or corrupt file passes the header check and fails here.
    throw badRequest(messages.imageUnreadable);
  }
}
