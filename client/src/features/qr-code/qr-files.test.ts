import { describe, expect, it } from 'vitest';
import { defaultPaper } from './qr-files.ts';

describe('defaultPaper', () => {
  it.each([
    ['en-US', 'letter'],
    ['en-CA', 'letter'],
    ['en-GB', 'a4'],
    ['de-DE', 'a4'],
    ['fr', 'a4'],
  ] as const)('%s prints on %s', (language, paper) => {
    expect(defaultPaper(language)).toBe(paper);
  });
});
