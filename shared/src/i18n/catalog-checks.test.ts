import { describe, expect, it } from 'vitest';
import { catalogProblems } from './catalog-checks.ts';

const english = {
  greeting: 'Hello {name}',
  songs_one: '{count} song',
  songs_other: '{count} songs',
  shown_one: 'Showing {shown} of {count} song',
  shown_other: 'Showing {shown} of {count} songs',
};

describe('a translation checked against its English', () => {
  it('passes with every key, the same placeholders and its own plural forms', () => {
    const german = {
      greeting: 'Hallo {name}',
      songs_one: '{count} Song',
      songs_other: '{count} Songs',
      shown_one: '{shown} von {count} Song',
      shown_other: '{shown} von {count} Songs',
    };
    expect(catalogProblems(english, german, 'de')).toEqual([]);
    // Spanish has a third form, "many"; a form may leave out the number ("el último minuto").
    const spanish = {
      greeting: 'Hola {name}',
      songs_one: 'una canción',
      songs_many: '{count} de canciones',
      songs_other: '{count} canciones',
      shown_one: '{shown} de {count} canción',
      shown_many: '{shown} de {count} de canciones',
      shown_other: '{shown} de {count} canciones',
    };
    expect(catalogProblems(english, spanish, 'es')).toEqual([]);
  });

  it('finds what is missing, renamed, extra or empty', () => {
    const broken = {
      greeting: 'Hola {nombre}',
      songs_one: '{count} canción',
      songs_other: '{count} canciones',
      shown_one: '',
      shown_many: '{shown} de {count} de canciones',
      shown_other: '{count} canciones',
      farewell: 'Adiós',
    };
    expect(catalogProblems(english, broken, 'es')).toEqual([
      'greeting has placeholders nombre instead of name',
      'songs_many is missing',
      'shown_other has placeholders count instead of shown,count',
      'shown_one is empty',
      'farewell is not a key of the English catalog',
    ]);
  });
});
