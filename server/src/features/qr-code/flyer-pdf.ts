import type { FlyerPaper } from '#shared/schemas/audience.ts';
import {
  CALL_TO_ACTION,
  flyerColors,
  nameLines,
  NOTE_COLOR,
  type FlyerContent,
} from './flyer-layout.ts';
import { qrPath } from './qr-render.ts';

const PAPER: Record<FlyerPaper, string> = { a4: 'A4', letter: 'LETTER' };

/** The largest size at most `max` at which `text` fits in `width` points in `font`. */
function fittingSize(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  width: number,
  max: number,
) {
  doc.font(font).fontSize(max);
  const natural = doc.widthOfString(text);
  const size = natural <= width ? max : Math.max(6, Math.floor((max * width) / natural));
  doc.fontSize(size);
  return size;
}

/**
 * The flyer as a one-page, print-ready PDF: vector QR code and text (the link stays text, and
 * is a link too), on A4 or Letter. Standard PDF fonts, so nothing to embed or install.
 */
export async function flyerPdf(content: FlyerContent, paper: FlyerPaper): Promise<Buffer> {
  // Loaded on the first PDF: its font metrics would otherwise sit in memory unused.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: PAPER[paper],
    margin: 0,
    info: { Title: `${content.stageName}: song requests`, Creator: 'Song Requests' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const colors = flyerColors(content.colorScheme);
  const bandHeight = height * 0.22;
  doc.rect(0, 0, width, bandHeight).fill(colors.band);

  const lines = nameLines(content.stageName);
  const lineSize = Math.min(
    ...lines.map((line) =>
      fittingSize(doc, line, 'Helvetica-Bold', width - 72, [0, 48, 40, 32][lines.length] ?? 32),
    ),
  );
  const blockHeight = lines.length * lineSize * 1.15;
  doc.font('Helvetica-Bold').fontSize(lineSize).fillColor(colors.bandText);
  lines.forEach((line, i) => {
    doc.text(line, 36, (bandHeight - blockHeight) / 2 + i * lineSize * 1.15, {
      width: width - 72,
      align: 'center',
      lineBreak: false,
    });
  });

  const qr = qrPath(content.link);
  const qrBox = Math.min(width - 160, height * 0.46);
  const qrTop = bandHeight + (height * 0.56 - qrBox) / 2 - 10;
  const qrLeft = (width - qrBox) / 2;
  const moduleSize = qrBox / (qr.size + 8);
  doc
    .roundedRect(qrLeft - 10, qrTop - 10, qrBox + 20, qrBox + 20, 16)
    .lineWidth(5)
    .stroke(colors.band);
  doc
    .save()
    .translate(qrLeft + 4 * moduleSize, qrTop + 4 * moduleSize)
    .scale(moduleSize)
    .path(qr.path)
    .fill('#000000')
    .restore();

  const ctaTop = qrTop + qrBox + 40;
  const ctaSize = fittingSize(doc, CALL_TO_ACTION, 'Helvetica-Bold', width - 72, 34);
  doc.fillColor(colors.ink).text(CALL_TO_ACTION, 36, ctaTop, {
    width: width - 72,
    align: 'center',
    lineBreak: false,
  });

  const linkSize = fittingSize(doc, content.link, 'Helvetica', width - 72, 20);
  doc
    .font('Helvetica')
    .fontSize(linkSize)
    .text(content.link, 36, ctaTop + ctaSize + 24, {
      width: width - 72,
      align: 'center',
      lineBreak: false,
      link: content.link,
    });

  if (content.note) {
    const noteTop = ctaTop + ctaSize + 24 + linkSize + 16;
    fittingSize(doc, content.note, 'Helvetica-Bold', width - 72, 16);
    doc.fillColor(NOTE_COLOR).text(content.note, 36, noteTop, {
      width: width - 72,
      align: 'center',
      lineBreak: false,
    });
  }

  doc.end();
  return done;
}
