/**
 * Draws the installable app's icons from client/public/favicon.svg into client/public/icons/:
 * the PNGs the web app manifests and iOS ask for (an SVG alone is not enough for either).
 * Run it again after changing the favicon: `npx node scripts/make-icons.ts`. The PNGs are
 * committed, so neither a build nor a deploy needs sharp's image stack to make them.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const publicDir = resolve(import.meta.dirname, '..', 'client', 'public');
const iconsDir = join(publicDir, 'icons');

/** The favicon's own background: a full-bleed icon is filled with it, so no seam shows. */
const BACKGROUND = '#2a1650';

/**
 * The favicon's note alone (its background shape taken out), cropped to its own outline, so that
 * the full-bleed icons below can centre it whatever margins the favicon draws around it.
 */
async function noteOf(favicon: string): Promise<Buffer> {
  const note = favicon.replace(/<(?:rect|circle)\b[^>]*\/>/, '');
  return sharp(Buffer.from(note), { density: 72 * 16 })
    .trim()
    .png()
    .toBuffer();
}

/**
 * The note centred on a square filled edge to edge, `height` of the square tall. Maskable icons
 * (Android crops them to a circle or a squircle) must keep everything inside a circle of 40%
 * radius; iOS rounds the corners of its touch icon itself and shows transparency as black.
 */
async function drawFullBleed(note: Buffer, size: number, height: number, file: string) {
  const scaled = await sharp(note)
    .resize({ height: Math.round(size * height) })
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: scaled, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(iconsDir, file));
  console.log(`client/public/icons/${file} (${size}x${size})`);
}

async function draw(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(iconsDir, file));
  console.log(`client/public/icons/${file} (${size}x${size})`);
}

const favicon = (await readFile(join(publicDir, 'favicon.svg'), 'utf8')).trim();
if (!favicon.startsWith('<svg')) throw new Error('client/public/favicon.svg is not an SVG');
await mkdir(iconsDir, { recursive: true });

await draw(favicon, 192, 'icon-192.png');
await draw(favicon, 512, 'icon-512.png');
const note = await noteOf(favicon);
// At 55% of the height, the note's corners stay inside the maskable safe zone.
await drawFullBleed(note, 512, 0.55, 'icon-maskable-512.png');
await drawFullBleed(note, 180, 0.6, 'apple-touch-icon.png');
