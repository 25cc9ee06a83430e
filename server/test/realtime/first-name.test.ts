import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstName } from '#server/realtime/feed-messages.ts';

/**
 * "First name only" on the venue screen, the public queue and the live feed: whatever a requester
 * typed between their first name and their surname, the surname never shows.
 */

// Letters of several scripts, with a combining mark (U+0308, U+0940) among them.
const letter = fc.constantFrom(
  'a',
  'Z',
  'é',
  'ë',
  'ñ',
  'ß',
  'Ø',
  'Ж',
  'ж',
  'Ω',
  '李',
  'ا',
  'ש',
  'न',
  '\u0940',
  '\u0308',
);
const letters = fc.string({ unit: letter, minLength: 1, maxLength: 12 });
// What may stand between two names: spaces, format characters (zero-width, joiners, soft hyphen,
// word joiner, byte-order mark, a direction override), punctuation, digits, an emoji.
const separatorPart = fc.constantFrom(
  ' ',
  '\t',
  '\u00a0',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u00ad',
  '\u2060',
  '\ufeff',
  '\u202e',
  '_',
  '-',
  '.',
  ',',
  "'",
  '(',
  '/',
  '+',
  '1',
  '9',
  '🎸',
);
const separator = fc.string({ unit: separatorPart, minLength: 1, maxLength: 5 });

describe('firstName', () => {
  it.each([
    ['Mary Jane Smith', 'Mary'],
    ['Anna\u200bSurname', 'Anna'],
    ['Carl_Surname', 'Carl'],
    ['Dee-Surname', 'Dee'],
    // A hyphenated first name shows its first part (see firstName's comment).
    ['Anne-Marie Smith', 'Anne'],
    ['Zoë Smith', 'Zoë'],
    ['Zoe\u0308 Smith', 'Zoe\u0308'],
    ['José García', 'José'],
    ['  Mary  ', 'Mary'],
    ['\u200b\u200dMary Smith', 'Mary'],
    ['Bob\u00adSmith', 'Bob'],
    ['🎸 Dave Grohl', 'Dave'],
    ['mary@example.com', ''],
    ['-- mary.smith@example.com', ''],
    ['Ann mary@example.com', 'Ann'],
    ['', ''],
    ['1234', ''],
  ])('%j shows as %j', (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });

  it('never shows what follows any run of non-letters', () => {
    fc.assert(
      fc.property(letters, separator, letters, (first, between, surname) => {
        expect(firstName(first + between + surname)).toBe(first);
      }),
    );
  });

  it('is letters only, a part of what was typed, whatever was typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => {
        const shown = firstName(name);
        expect(shown).toMatch(/^[\p{L}\p{M}]*$/u);
        expect(name).toContain(shown);
      }),
    );
  });

  it('never shows a zero-width or other format character', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(letter, separatorPart), maxLength: 30 }), (name) => {
        expect(firstName(name)).not.toMatch(/\p{Cf}/u);
      }),
    );
  });
});
