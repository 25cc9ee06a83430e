import { addressReach } from '#shared/audience-address.ts';
import { messages } from '#shared/messages.ts';
import { SCHEME_COLORS } from '#shared/schemas/audience.ts';
import type { ColorScheme } from '#shared/audience-constants.ts';

/** What a flyer says: who plays, what to do, where to go. */
export interface FlyerContent {
  stageName: string;
  link: string;
  colorScheme: ColorScheme;
  /** Printed under the link when not every phone can open it (flyerNote); '' when all can. */
  note: string;
}

/** A flyer of a link only this computer or this network opens says so on the paper. */
export function flyerNote(link: string): string {
  const reach = addressReach(link);
  if (reach === 'loopback') return messages.flyerNoteLoopback;
  if (reach === 'private') return messages.flyerNotePrivate;
  return '';
}

/** The note's colour: a warning red that prints dark on any printer. */
export const NOTE_COLOR = '#b3261e';

/**
 * The flyer's look on white paper (kind to a printer's ink): a band in the scheme's dark colour
 * carrying the stage name in its accent, the QR code dark on white, the call to action and the
 * link in the scheme's dark colour.
 */
export function flyerColors(scheme: ColorScheme) {
  const colors = SCHEME_COLORS[scheme];
  return { band: colors.bg, bandText: colors.accent, ink: colors.bg, paper: '#ffffff' };
}

export const CALL_TO_ACTION = messages.flyerCallToAction;

/**
 * The stage name in at most three lines (broken at spaces, a long word cut), so a 100-character
 * name fits the band; the font size shrinks with the longest line.
 */
export function nameLines(name: string, maxChars = 22): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.trim().split(/\s+/)) {
    for (let rest = word; rest.length > 0; rest = rest.slice(maxChars)) {
      const piece = rest.slice(0, maxChars);
      if (line && line.length + 1 + piece.length <= maxChars) line = `${line} ${piece}`;
      else {
        if (line) lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 3) return lines;
  return [...lines.slice(0, 2), `${lines[2]!.slice(0, maxChars - 1)}…`];
}
