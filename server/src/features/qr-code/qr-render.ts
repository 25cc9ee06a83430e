import QRCode from 'qrcode';

/**
 * Medium error correction: survives a smudge or a fold on a printed table card, and keeps the
 * modules large enough for a phone across a dim room.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** A PNG large enough to print sharply on a table card (1024 px square). */
export function qrPng(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { ...OPTIONS, type: 'png', width: 1024 });
}

/** A vector QR code: scales to any print size. */
export function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { ...OPTIONS, type: 'svg' });
}

/** The dark modules, row by row, for drawing the code inside a flyer. */
export function qrModules(link: string): {
  size: number;
  isDark(row: number, col: number): boolean;
} {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel });
  return { size: modules.size, isDark: (row, col) => Boolean(modules.get(row, col)) };
}

/**
 * The dark modules as one SVG path in module units (one unit square per module, runs joined),
 * drawn by the flyer's PNG and PDF alike.
 */
export function qrPath(link: string): { size: number; path: string } {
  const { size, isDark } = qrModules(link);
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return { size, path: parts.join('') };
}
