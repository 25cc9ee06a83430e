import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { QrFlyerResponse } from '#shared/schemas/audience.ts';
import {
  putDesign,
  registerMusician,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const PUBLIC_URL = 'https://songs.example.com';
const { app } = await startTestApp({ publicUrl: PUBLIC_URL });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const linkOf = (musician: TestMusician) => `${PUBLIC_URL}/musician/${musician.musician.slug}`;

function get(musician: TestMusician | undefined, url: string) {
  return app.inject({ url, headers: musician?.auth ?? {} });
}

/**
 * The dark modules the qrcode library's SVG draws: each `M x y` or `m dx dy` moves to a row
 * (y is the row's middle line), each `h n` paints n modules.
 */
function modulesOfSvg(svg: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const path = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)![1]!;
  const margin = 4;
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([MmHh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Number(b)];
    else if (command === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i++) grid[Math.floor(y) - margin]![x - margin + i] = true;
      x += Number(a);
    }
  }
  return grid;
}

/** The QR code of `link`, module by module. */
function modulesOf(link: string): boolean[][] {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}

const standardFontDataUrl = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

async function pdfOf(buffer: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(buffer), standardFontDataUrl }).promise;
  const page = await doc.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const text = content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    // A long stage name wraps onto two lines of the flyer: read it as one.
    .replace(/\s+/g, ' ');
  return { pages: doc.numPages, width, height, text };
}

describe('GET /api/qr-code', () => {
  it('answers a PNG of the audience link, large enough to print', async () => {
    const musician = await registerMusician(app);
    const res = await get(musician, '/api/qr-code');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBeGreaterThanOrEqual(512);
    expect(meta.width).toBeLessThanOrEqual(2048);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('answers an SVG with ?format=svg whose modules are those of the audience link', async () => {
    const musician = await registerMusician(app);
    const res = await get(musician, '/api/qr-code?format=svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    const expected = modulesOf(linkOf(musician));
    expect(modulesOfSvg(res.body, expected.length)).toEqual(expected);
  });

  it('follows a slug change: the code then holds the new link', async () => {
    const musician = await registerMusician(app);
    const slug = `renamed-${musician.musician.id.slice(0, 8)}`;
    await updateProfile(app, musician, { slug });
    const res = await get(musician, '/api/qr-code?format=svg');
    const expected = modulesOf(`${PUBLIC_URL}/musician/${slug}`);
    expect(modulesOfSvg(res.body, expected.length)).toEqual(expected);
  });

  it('refuses an unknown format with 400 and a detail', async () => {
    const musician = await registerMusician(app);
    const res = await get(musician, '/api/qr-code?format=gif');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.qrFormatInvalid });
  });
});

describe('GET /api/qr-flyer', () => {
  it('answers {flyer}: a PNG data URL of a page-shaped flyer', async () => {
    const musician = await registerMusician(app);
    await putDesign(app, musician, { color_scheme: 'green' });
    const res = await get(musician, '/api/qr-flyer');
    expect(res.statusCode).toBe(200);
    const { flyer } = res.json<QrFlyerResponse>();
    expect(flyer).toMatch(/^data:image\/png;base64,/);
    const bytes = Buffer.from(flyer.split(',')[1]!, 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    // Portrait, with A4's proportions (1 : 1.414).
    expect(meta.height! / meta.width!).toBeCloseTo(Math.SQRT2, 1);
    // The band at the top is in the scheme's dark colour (green's is #09180f).
    const { data } = await sharp(bytes)
      .extract({ left: 10, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x09, 0x18, 0x0f]);
  });

  it('answers a one-page A4 PDF with ?format=pdf: stage name, call to action and the link as text', async () => {
    const musician = await registerMusician(app, { name: 'The Flyer Band' });
    const res = await get(musician, '/api/qr-flyer?format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await pdfOf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([595, 842]);
    expect(pdf.text).toContain(linkOf(musician));
    expect(pdf.text).toContain('The Flyer Band');
    expect(pdf.text).toContain(messages.flyerCallToAction);
  });

  it('prints on Letter with ?paper=letter', async () => {
    const musician = await registerMusician(app);
    const res = await get(musician, '/api/qr-flyer?format=pdf&paper=letter');
    const pdf = await pdfOf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([612, 792]);
    expect(pdf.text).toContain(linkOf(musician));
  });

  it('fits a 100-character stage name on one page', async () => {
    const name =
      'The Extraordinarily Long Named Wedding And Function Band Of Greater Manchester And Surrounding Area';
    const musician = await registerMusician(app, { name: name.slice(0, 100) });
    const pdf = await pdfOf((await get(musician, '/api/qr-flyer?format=pdf')).rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(linkOf(musician));
    const png = await get(musician, '/api/qr-flyer');
    expect(png.statusCode).toBe(200);
  });

  it.each([
    ['?format=docx', messages.flyerFormatInvalid],
    ['?format=pdf&paper=a3', messages.flyerPaperInvalid],
  ])('refuses %s with 400 and a detail', async (query, detail) => {
    const musician = await registerMusician(app);
    const res = await get(musician, `/api/qr-flyer${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });
});

describe('musician-only', () => {
  it.each(['/api/qr-code', '/api/qr-code?format=svg', '/api/qr-flyer', '/api/qr-flyer?format=pdf'])(
    '%s answers 401 without a token',
    async (url) => {
      const res = await get(undefined, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: messages.loginRequired });
    },
  );
});

describe('with PUBLIC_URL unset', () => {
  it('uses the address the browser used, as GET /api/config does', async () => {
    const local = await startTestApp();
    const musician = await registerMusician(local.app);
    const headers = { ...musician.auth, host: 'band-laptop.local:3000' };
    const config = await local.app.inject({ url: '/api/config', headers });
    const publicUrl = config.json<{ public_url: string }>().public_url;
    expect(publicUrl).toBe('http://band-laptop.local:3000');
    const res = await local.app.inject({ url: '/api/qr-flyer?format=pdf', headers });
    const pdf = await pdfOf(res.rawPayload);
    expect(pdf.text).toContain(`${publicUrl}/musician/${musician.musician.slug}`);
  });
});

describe('a flyer of an address phones cannot reach', () => {
  const flyerText = async (publicUrl: string) => {
    const { app: local } = await startTestApp({ publicUrl });
    const musician = await registerMusician(local);
    const res = await local.inject({ url: '/api/qr-flyer?format=pdf', headers: musician.auth });
    expect(res.statusCode).toBe(200);
    return (await pdfOf(res.rawPayload)).text;
  };

  it('says on the flyer that a loopback address works on this computer only', async () => {
    const text = await flyerText('http://127.0.0.1:3000');
    expect(text).toContain(messages.flyerNoteLoopback);
  });

  it('says on the flyer that a local network address needs the same Wi-Fi', async () => {
    const text = await flyerText('http://192.168.1.20:3000');
    expect(text).toContain(messages.flyerNotePrivate);
  });

  it('prints no note for a public address', async () => {
    const musician = await registerMusician(app);
    const text = (await pdfOf((await get(musician, '/api/qr-flyer?format=pdf')).rawPayload)).text;
    expect(text).not.toContain(messages.flyerNoteLoopback);
    expect(text).not.toContain(messages.flyerNotePrivate);
  });
});
