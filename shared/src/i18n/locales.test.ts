import { describe, expect, it } from 'vitest';
import { acceptedLanguages, localeOfTag, pickLocale } from './locales.ts';

describe('Accept-Language', () => {
  it('lists the tags most wanted first, by q then by order', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
      '*',
    ]);
    expect(acceptedLanguages('en;q=0.5, es')).toEqual(['es', 'en']);
    expect(acceptedLanguages('de;q=0.8, pt-BR;q=0.8')).toEqual(['de', 'pt-BR']);
  });

  it('leaves out refused and malformed tags, and reads no more than 20', () => {
    expect(acceptedLanguages('es;q=0, de')).toEqual(['de']);
    expect(acceptedLanguages('es;q=abc, <script>, fr;q=2, , pt')).toEqual(['pt']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    const long = [...Array.from({ length: 500 }, () => 'xx'), 'es'].join(',');
    expect(acceptedLanguages(long)).toHaveLength(20);
  });
});

describe('choosing a language', () => {
  it('matches a tag on its language only', () => {
    expect(localeOfTag('es-MX')).toBe('es');
    expect(localeOfTag('PT_br')).toBe('pt');
    expect(localeOfTag('de')).toBe('de');
    expect(localeOfTag('it-IT')).toBeNull();
    expect(localeOfTag('*')).toBeNull();
  });

  it('takes the first language the page speaks, else English', () => {
    expect(pickLocale(['it-IT', 'fr-CA', 'es'])).toBe('fr');
    expect(pickLocale(['en-GB', 'de'])).toBe('en');
    expect(pickLocale(['ja', 'zh-CN'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});
