import {
  CALL_TO_ACTION,
  flyerColors,
  nameLines,
  NOTE_COLOR,
  type FlyerContent,
} from './flyer-layout.ts';
import { qrPath } from './qr-render.ts';

/** A4's proportions at 150 dpi: sharp enough to print, small enough to send as a data URL. */
const WIDTH = 1240;
const HEIGHT = 1754;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** The flyer as SVG: the band with the name, the QR code, the call to action, the link. */
export function flyerSvg(content: FlyerContent): string {
  const colors = flyerColors(content.colorScheme);
  const lines = nameLines(content.stageName);
  // Bold sans glyphs average about 0.68 em: the longest line must fit the page with margins.
  const longest = Math.max(...lines.map((line) => line.length));
  const nameSize = Math.min(
    [0, 110, 92, 74][lines.length] ?? 74,
    Math.floor((WIDTH - 120) / (0.68 * longest)),
  );
  const bandHeight = 440;
  const firstBaseline = bandHeight / 2 - ((lines.length - 1) * nameSize * 1.15) / 2 + nameSize / 3;
  const name = lines
    .map(
      (line, i) =>
        `<text x="${WIDTH / 2}" y="${firstBaseline + i * nameSize * 1.15}">${escapeXml(line)}</text>`,
    )
    .join('');

  const qr = qrPath(content.link);
  const qrBox = 860;
  const qrTop = 520;
  const moduleSize = qrBox / (qr.size + 8);
  const qrLeft = (WIDTH - qrBox) / 2;
  const linkSize = Math.min(48, Math.floor((WIDTH - 140) / (0.62 * content.link.length)));
  const noteSize = Math.min(36, Math.floor((WIDTH - 140) / (0.62 * content.note.length)));
  const note = content.note
    ? `<text x="${WIDTH / 2}" y="${qrTop + qrBox + 320}" font-family="${FONT}" font-weight="bold" font-size="${noteSize}" fill="${NOTE_COLOR}" text-anchor="middle">${escapeXml(content.note)}</text>`
    : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${colors.paper}"/>
<rect width="${WIDTH}" height="${bandHeight}" fill="${colors.band}"/>
<g font-family="${FONT}" font-weight="bold" font-size="${nameSize}" fill="${colors.bandText}" text-anchor="middle">${name}</g>
<rect x="${qrLeft - 24}" y="${qrTop - 24}" width="${qrBox + 48}" height="${qrBox + 48}" rx="36" fill="none" stroke="${colors.band}" stroke-width="12"/>
<path transform="translate(${qrLeft + 4 * moduleSize} ${qrTop + 4 * moduleSize}) scale(${moduleSize})" fill="#000000" d="${qr.path}" shape-rendering="crispEdges"/>
<text x="${WIDTH / 2}" y="${qrTop + qrBox + 150}" font-family="${FONT}" font-weight="bold" font-size="84" fill="${colors.ink}" text-anchor="middle">${escapeXml(CALL_TO_ACTION)}</text>
<text x="${WIDTH / 2}" y="${qrTop + qrBox + 250}" font-family="${FONT}" font-size="${linkSize}" fill="${colors.ink}" text-anchor="middle">${escapeXml(content.link)}</text>
${note}
</svg>`;
}

/** The flyer as a PNG image (the spec's `{flyer}`). */
export async function flyerPng(content: FlyerContent): Promise<Buffer> {
  // Loaded on the first flyer: libvips costs the server memory it would otherwise never use.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(flyerSvg(content)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
