import { describe, expect, it } from 'vitest';
import {
  browserLanguages,
  chooseLocale,
  LOCALE_STORAGE_KEY,
  saveLocale,
  savedLocale,
} from './locale-choice.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const refusing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the page’s language', () => {
  it('is the switcher’s saved choice first', () => {
    expect(chooseLocale('de', ['es-ES', 'es'])).toBe('de');
  });

  it('else the first browser language the page speaks', () => {
    expect(chooseLocale(null, ['it-IT', 'pt-BR', 'es'])).toBe('pt');
    expect(chooseLocale(null, ['es-419'])).toBe('es');
  });

  it('else English', () => {
    expect(chooseLocale(null, ['ja-JP', 'ko'])).toBe('en');
    expect(chooseLocale(null, [])).toBe('en');
  });
});

describe('the saved choice', () => {
  it('is kept and read back', () => {
    const storage = memoryStorage();
    expect(savedLocale(storage)).toBeNull();
    saveLocale(storage, 'fr');
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
    expect(savedLocale(storage)).toBe('fr');
  });

  it('is ignored when it is not a language the page speaks', () => {
    expect(savedLocale(memoryStorage({ [LOCALE_STORAGE_KEY]: 'klingon' }))).toBeNull();
    expect(savedLocale(memoryStorage({ [LOCALE_STORAGE_KEY]: '' }))).toBeNull();
  });

  it('survives a browser that refuses storage', () => {
    expect(savedLocale(refusing)).toBeNull();
    expect(() => saveLocale(refusing, 'es')).not.toThrow();
  });
});

describe('the browser’s languages', () => {
  it('are navigator.languages, or navigator.language where that is all there is', () => {
    expect(browserLanguages({ languages: ['es-ES', 'es'], language: 'es-ES' })).toEqual([
      'es-ES',
      'es',
    ]);
    expect(browserLanguages({ languages: [], language: 'de-AT' })).toEqual(['de-AT']);
    expect(browserLanguages({ languages: [], language: '' })).toEqual([]);
  });
});
