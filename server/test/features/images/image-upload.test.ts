import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { IMAGE_MAX_BYTES, type DesignSettings } from '#shared/schemas/audience.ts';
import { putDesign, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import {
  bombPng,
  dataUrl,
  gif,
  hasGpsTag,
  interlacedPngHeader,
  largeJpeg,
  phoneJpeg,
  png,
} from '#server-test/helpers/test-images.ts';

const { app } = await startTestApp();

async function upload(body: Parameters<typeof putDesign>[2]) {
  const musician = await registerMusician(app);
  const res = await putDesign(app, musician, body);
  return { musician, res };
}

async function fetchImage(url: string) {
  const res = await app.inject({ url });
  return { res, bytes: res.rawPayload };
}

async function imageCount(): Promise<number> {
  return (await app.database.kysely.selectFrom('images').select('id').execute()).length;
}

describe('artist photo upload (PUT /api/design/settings)', () => {
  it('re-encodes a phone JPEG as WebP, 512x512 at most, without its EXIF and GPS position', async () => {
    const original = await phoneJpeg(1200, 900);
    expect(hasGpsTag((await sharp(original).metadata()).exif)).toBe(true);

    const { res } = await upload({ artist_photo: dataUrl('image/jpeg', original) });
    expect(res.statusCode).toBe(200);
    const design = res.json<DesignSettings>();
    expect(design.artist_photo).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);

    const { res: served, bytes } = await fetchImage(design.artist_photo!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(bytes).metadata();
    expect(stored.format).toBe('webp');
    expect([stored.width, stored.height]).toEqual([512, 512]);
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('keeps a banner wide (1600x600 at most) and never enlarges a small image', async () => {
    const { res } = await upload({
      banner_image: dataUrl('image/png', await png(3200, 1000)),
      artist_photo: dataUrl('image/png', await png(100, 80)),
    });
    expect(res.statusCode).toBe(200);
    const design = res.json<DesignSettings>();
    const banner = await sharp((await fetchImage(design.banner_image!)).bytes).metadata();
    expect([banner.width, banner.height]).toEqual([1600, 500]);
    const photo = await sharp((await fetchImage(design.artist_photo!)).bytes).metadata();
    expect([photo.width, photo.height]).toEqual([80, 80]);
  });

  it('accepts an image over the app-wide 1 MB body limit and under 2 MB', async () => {
    const jpeg = await largeJpeg();
    expect(jpeg.length).toBeGreaterThan(1024 * 1024);
    expect(jpeg.length).toBeLessThan(IMAGE_MAX_BYTES);
    const { res } = await upload({ artist_photo: dataUrl('image/jpeg', jpeg) });
    expect(res.statusCode).toBe(200);
  });

  it('answers the design to the audience with the same image URL', async () => {
    const { musician, res } = await upload({
      artist_photo: dataUrl('image/png', await png(64, 64)),
    });
    const pub = await app.inject({ url: `/api/musicians/${musician.musician.slug}/design` });
    expect(pub.json<DesignSettings>().artist_photo).toBe(res.json<DesignSettings>().artist_photo);
  });
});

describe('refused images', () => {
  const refusals: Array<[string, () => Promise<string>, number, string]> = [
    [
      '2 MB + 1 byte',
      async () => dataUrl('image/jpeg', Buffer.alloc(IMAGE_MAX_BYTES + 1, 1)),
      413,
      messages.imageTooLarge,
    ],
    ['a GIF', async () => dataUrl('image/gif', await gif()), 400, messages.imageWrongType],
    [
      'a GIF declared as PNG',
      async () => dataUrl('image/png', await gif()),
      400,
      messages.imageWrongType,
    ],
    [
      'an SVG',
      async () =>
        dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      400,
      messages.imageWrongType,
    ],
    [
      'an SVG declared as PNG',
      async () =>
        dataUrl(
          'image/png',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>',
          ),
        ),
      400,
      messages.imageWrongType,
    ],
    [
      'text declared as JPEG',
      async () => dataUrl('image/jpeg', Buffer.from('hello there')),
      400,
      messages.imageUnreadable,
    ],
    [
      'a truncated PNG',
      async () => dataUrl('image/png', (await png(300, 300)).subarray(0, 200)),
      400,
      messages.imageUnreadable,
    ],
    [
      'a decompression bomb (10,000 x 10,000 pixels in a few bytes)',
      async () => dataUrl('image/png', bombPng()),
      400,
      messages.imageTooManyPixels,
    ],
    [
      // Decoded whole, unlike a plain PNG read row by row: 96 MB for its 24 megapixels.
      'an interlaced PNG of 6,000 x 4,000 pixels',
      async () => dataUrl('image/png', interlacedPngHeader(6000, 4000)),
      400,
      messages.imageInterlacedTooLarge,
    ],
    [
      'a data URL that is not base64',
      async () => 'data:image/png,rawbytes',
      400,
      messages.imageWrongType,
    ],
    [
      'base64 with a NUL byte',
      async () => 'data:image/png;base64,iVBO\u0000Rw0K',
      400,
      // Refused before validation, like a NUL anywhere in any body.
      messages.textHasNulCharacter,
    ],
    [
      'base64 with stray characters',
      async () => 'data:image/png;base64,iVBO"Rw0K!',
      400,
      messages.imageUnreadable,
    ],
    ['an empty data URL', async () => 'data:image/png;base64,', 400, messages.imageUnreadable],
    [
      'a link to another site',
      async () => 'https://example.com/photo.jpg',
      400,
      messages.imageWrongType,
    ],
    ['a javascript: URL', async () => 'javascript:alert(1)', 400, messages.imageWrongType],
  ];

  it.each(refusals)(
    'refuses %s with its status and a detail',
    async (_name, make, status, detail) => {
      const before = await imageCount();
      const { musician, res } = await upload({ artist_photo: await make(), color_scheme: 'red' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ detail });
      // Nothing was saved: not the image, not the other fields of the same PUT.
      expect(await imageCount()).toBe(before);
      const design = await app.inject({ url: `/api/musicians/${musician.musician.slug}/design` });
      expect(design.json<DesignSettings>().color_scheme).toBe('purple');
    },
  );

  it('refuses a body beyond even the raised limit in the same words (413)', async () => {
    const { res } = await upload({
      artist_photo: dataUrl('image/jpeg', Buffer.alloc(5 * 1024 * 1024, 1)),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: messages.imageTooLarge });
  });

  it('keeps the 1 MB limit on other routes', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: musician.auth,
      payload: { bio: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a photo from a musician who is not signed in', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/design/settings',
      payload: { artist_photo: dataUrl('image/png', await png(10, 10)) },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('replacing and removing images', () => {
  it('deletes the old image when a new one replaces it', async () => {
    const { musician, res } = await upload({
      artist_photo: dataUrl('image/png', await png(40, 40)),
    });
    const first = res.json<DesignSettings>().artist_photo!;
    const second = await putDesign(app, musician, {
      artist_photo: dataUrl('image/png', await png(50, 50)),
    });
    const replaced = second.json<DesignSettings>().artist_photo!;
    expect(replaced).not.toBe(first);
    expect((await fetchImage(first)).res.statusCode).toBe(404);
    expect((await fetchImage(replaced)).res.statusCode).toBe(200);
  });

  it('keeps the image when the URL it answered is sent back, or the field is left out', async () => {
    const { musician, res } = await upload({
      artist_photo: dataUrl('image/png', await png(40, 40)),
    });
    const url = res.json<DesignSettings>().artist_photo!;
    const again = await putDesign(app, musician, { artist_photo: url, layout_mode: 'list' });
    expect(again.json<DesignSettings>().artist_photo).toBe(url);
    const without = await putDesign(app, musician, { show_year: false });
    expect(without.json<DesignSettings>().artist_photo).toBe(url);
    expect((await fetchImage(url)).res.statusCode).toBe(200);
  });

  it('removes the image (and its bytes) on null', async () => {
    const { musician, res } = await upload({
      artist_photo: dataUrl('image/png', await png(40, 40)),
      banner_image: dataUrl('image/png', await png(400, 100)),
    });
    const { artist_photo: photo, banner_image: banner } = res.json<DesignSettings>();
    const removed = await putDesign(app, musician, { artist_photo: null });
    expect(removed.json<DesignSettings>()).toMatchObject({
      artist_photo: null,
      banner_image: banner,
    });
    expect((await fetchImage(photo!)).res.statusCode).toBe(404);
    expect((await fetchImage(banner!)).res.statusCode).toBe(200);
  });

  it("refuses another musician's image URL as one's own", async () => {
    const { res } = await upload({ artist_photo: dataUrl('image/png', await png(40, 40)) });
    const theirs = res.json<DesignSettings>().artist_photo!;
    const { res: mine } = await upload({ artist_photo: theirs });
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toEqual({ detail: messages.imageWrongType });
  });
});

describe('GET /api/images/{id}.{ext}', () => {
  it("serves another musician's image without a token: public, but only by its random id", async () => {
    const { res } = await upload({ artist_photo: dataUrl('image/png', await png(40, 40)) });
    const url = res.json<DesignSettings>().artist_photo!;
    expect(url).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/);
    const other = await registerMusician(app);
    const served = await app.inject({ url, headers: other.auth });
    expect(served.statusCode).toBe(200);
  });

  it.each([
    '00000000-0000-4000-8000-000000000000.webp',
    'not-an-id.webp',
    '..%2F..%2Fetc%2Fpasswd',
    '00000000-0000-4000-8000-000000000000',
  ])('answers 404 Image not found for %s', async (file) => {
    const res = await app.inject({ url: `/api/images/${file}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.imageNotFound });
  });

  it('answers 404 for a known id with another extension', async () => {
    const { res } = await upload({ artist_photo: dataUrl('image/png', await png(40, 40)) });
    const url = res.json<DesignSettings>().artist_photo!.replace(/\.webp$/, '.png');
    expect((await fetchImage(url)).res.statusCode).toBe(404);
  });
});
