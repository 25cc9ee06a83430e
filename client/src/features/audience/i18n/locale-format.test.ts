import { describe, expect, it } from 'vitest';
import { formatMoney } from './locale-format.ts';

/** Intl puts a no-break space between number and symbol: compared with plain spaces here. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('a tip amount', () => {
  it('reads in English as it always has: "$5", "$12.50"', () => {
    expect(formatMoney(5, 'en')).toBe('$5');
    expect(formatMoney(12.5, 'en')).toBe('$12.50');
    expect(formatMoney(500, 'en')).toBe('$500');
    expect(formatMoney(0.01, 'en')).toBe('$0.01');
  });

  it('is written as each language writes US dollars', () => {
    expect(plain(formatMoney(5, 'es'))).toBe('5 US$');
    expect(plain(formatMoney(12.5, 'es'))).toBe('12,50 US$');
    expect(plain(formatMoney(5, 'de'))).toBe('5 $');
    expect(plain(formatMoney(1234.5, 'de'))).toBe('1.234,50 $');
    expect(plain(formatMoney(12.5, 'fr'))).toBe('12,50 $US');
    expect(plain(formatMoney(5, 'pt'))).toBe('US$ 5');
    expect(plain(formatMoney(12.5, 'pt'))).toBe('US$ 12,50');
  });
});
