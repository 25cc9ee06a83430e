import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIP_DEFAULT_MESSAGE } from '#shared/audience-constants.ts';
import { catalogProblems } from '#shared/i18n/catalog-checks.ts';
import { audienceMessagesEn } from '#shared/i18n/audience-messages-en.ts';
import { REQUESTER_STATUS_KEYS } from '../requester-status.ts';
import { SONG_SORT_OPTIONS } from '#shared/song-sort-options.ts';
import { applyLocale, audienceI18next, audienceT } from './audience-i18n.ts';
import * as de from './catalog-de.ts';
import { catalogEn } from './catalog-en.ts';
import * as es from './catalog-es.ts';
import * as fr from './catalog-fr.ts';
import * as pt from './catalog-pt.ts';

/**
 * The words the page showed before it spoke other languages, copied from its components as
 * they were: English must read exactly the same (the spec's wording).
 */
const BEFORE: Record<string, string> = {
  loadingSongs: 'Loading songs…',
  tryAgain: 'Try again',
  goHome: 'Go to the home page',
  tip: 'Tip',
  aboutTheArtist: 'About the Artist',
  connect: 'Connect',
  listen: 'Listen',
  website: 'Website',
  leaveATip: 'Leave a Tip',
  done: 'Done',
  suggestASong: 'Suggest a Song',
  sendATip: 'Send a Tip',
  yourRequests: 'Your requests',
  sending: 'Sending…',
  songsHeading: 'Songs',
  searchSongs: 'Search songs',
  searchPlaceholder: 'Search title, artist, genre',
  sort: 'Sort',
  shuffle: 'Shuffle',
  viewFilters: 'View Filters',
  hideFilters: 'Hide Filters',
  filtersOn: '(on)',
  layout: 'Layout',
  grid: 'Grid',
  list: 'List',
  randomSong: 'Random Song',
  clearFilters: 'Clear Filters',
  requestSong: 'Request Song',
  filters: 'Filters',
  playlist: 'Playlist',
  allSongs: 'All Songs',
  genre: 'Genre',
  allGenres: 'All genres',
  mood: 'Mood',
  allMoods: 'All moods',
  year: 'Year',
  allYears: 'All years',
  decade: 'Decade',
  allDecades: 'All decades',
  clearAll: 'Clear All',
  requestASong: 'Request a Song',
  yourName: 'Your name',
  yourEmail: 'Your email',
  dedicationOptional: 'Dedication (optional)',
  sendRequest: 'Send Request',
  songTitle: 'Song title',
  artist: 'Artist',
  messageOptional: 'Message (optional)',
  suggestSong: 'Suggest Song',
  quickAmounts: 'Quick amounts',
  tipAmount: 'Tip amount ($)',
  payWith: 'Pay with',
  noTip: 'No Tip',
  sendTip: 'Send Tip',
  payWithZelle: 'Pay with Zelle',
  email: 'Email',
  phone: 'Phone',
  copy: 'Copy',
  copyEmail: 'Copy email',
  copyPhone: 'Copy phone',
  // Constants of shared/ the page used to show directly
  sortMostPopular: SONG_SORT_OPTIONS[0].label,
  sortAlphabetical: SONG_SORT_OPTIONS[1].label,
  sortNewest: SONG_SORT_OPTIONS[2].label,
  sortRandom: SONG_SORT_OPTIONS[3].label,
  // Were REQUESTER_STATUS_LABELS (shared/), which the page never read: the catalog is their home.
  statusReceived: 'Received',
  statusUpNext: 'Up next',
  statusPlayed: 'Played',
  statusNotTonight: 'Not tonight',
  tipDefaultMessage: TIP_DEFAULT_MESSAGE,
  tipAfterRequestSuffix: ' (with song request)',
};

const translations = { es, de, fr, pt };
// The page's English: english-t.ts, without i18next.
const t = audienceT;
const i18next = await audienceI18next();

/** Every key of a catalog as `t` is asked for it, plural keys by their stem. */
const keysOf = (catalog: Record<string, string>, prefix = '') => [
  ...new Set(Object.keys(catalog).map((key) => prefix + key.replace(/_(one|other)$/, ''))),
];

describe('the English catalog', () => {
  it('holds exactly the words the page showed before', () => {
    for (const [key, before] of Object.entries(BEFORE)) {
      expect(catalogEn[key as keyof typeof catalogEn], key).toBe(before);
    }
    expect(catalogEn[REQUESTER_STATUS_KEYS.accepted]).toBe('Received');
    expect(catalogEn[REQUESTER_STATUS_KEYS.pending]).toBe('Received');
    expect(catalogEn[REQUESTER_STATUS_KEYS.up_next]).toBe('Up next');
    expect(catalogEn[REQUESTER_STATUS_KEYS.played]).toBe('Played');
    expect(catalogEn[REQUESTER_STATUS_KEYS.rejected]).toBe('Not tonight');
  });

  it('builds the sentences the page built before', () => {
    // Were `${name} | Song Requests`, `Follow ${name}`, plural(n, 'song', 'songs') and
    // `Showing ${shown} of ${plural(n, 'song', 'songs')}`.
    expect(t('documentTitle', { name: 'Ana Lima' })).toBe('Ana Lima | Song Requests');
    expect(t('followTitle', { name: 'Ana Lima' })).toBe('Follow Ana Lima');
    expect(t('songCount', { count: 1 })).toBe('1 song');
    expect(t('songCount', { count: 0 })).toBe('0 songs');
    expect(t('songCount', { count: 2345 })).toBe('2345 songs');
    expect(t('showingSongs', { shown: 1, count: 2 })).toBe('Showing 1 of 2 songs');
    expect(t('showingSongs', { shown: 0, count: 1 })).toBe('Showing 0 of 1 song');
  });

  it('shows messages.ts sentences word for word', () => {
    for (const [key, sentence] of Object.entries(audienceMessagesEn)) {
      if (!key.includes('_')) expect(t(`messages:${key}` as 'messages:pagePaused')).toBe(sentence);
    }
  });

  it('is worded by english-t.ts exactly as i18next words it, on every key', () => {
    const tI18next = i18next.getFixedT('en', ['audience', 'messages']) as unknown as (
      key: string,
      values: Record<string, unknown>,
    ) => string;
    const keys = [...keysOf(catalogEn), ...keysOf(audienceMessagesEn, 'messages:')];
    for (const key of keys) {
      for (const count of [0, 1, 2, 1000]) {
        const values = { count, name: 'Ana', shown: 3, provider: 'Venmo', max: '20', song: 'Halo' };
        expect((t as unknown as typeof tI18next)(key, values), `${key} ${count}`).toBe(
          tI18next(key, values),
        );
      }
    }
  });

  it('never reads a musician’s words as placeholders', () => {
    expect(t('documentTitle', { name: '{name} & {count}' })).toBe(
      '{name} & {count} | Song Requests',
    );
    expect(t('followTitle', { name: '$t(tip)' })).toBe('Follow $t(tip)');
  });
});

/** Where English sentences of the audience are written: each must be written in one of them only. */
const ENGLISH_SOURCES = [
  './catalog-en.ts',
  '../../../../../shared/src/messages.ts',
  '../../../../../shared/src/i18n/audience-sentences-en.ts',
  '../../../../../shared/src/i18n/audience-messages-en.ts',
  '../../../../../shared/src/queue-words.ts',
  '../../../../../shared/src/audience-constants.ts',
  '../../../../../shared/src/song-sort-options.ts',
];

/** The quoted texts a source file gives its keys (`key: 'text'`), as written in the file. */
function speltTexts(path: string): string[] {
  const source = readFileSync(new URL(path, import.meta.url), 'utf8');
  const quoted = /\b\w+:\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g;
  return [...source.matchAll(quoted)].map((match) => match[1] ?? match[2] ?? '');
}

describe('the English sentences', () => {
  it('are each spelt in one file, the others taking them from there', () => {
    const fileOf = new Map<string, string>();
    const respelt: string[] = [];
    for (const path of ENGLISH_SOURCES) {
      for (const text of new Set(speltTexts(path))) {
        const first = fileOf.get(text);
        if (first) respelt.push(`"${text}" in ${first} and ${path}`);
        else fileOf.set(text, path);
      }
    }
    // The files were read: the sentences of messages.ts alone are hundreds.
    expect(fileOf.size).toBeGreaterThan(500);
    expect(respelt).toEqual([]);
  });
});

describe('each translation', () => {
  for (const [locale, catalog] of Object.entries(translations)) {
    it(`${locale} has every key, the same placeholders and its language's plural forms`, () => {
      expect(catalogProblems(catalogEn, catalog.ui, locale)).toEqual([]);
    });

    it(`${locale} is a translation, not a copy of the English`, () => {
      // Words the languages share with English (brand-like or borrowed) are few.
      const same = Object.keys(catalog.ui).filter(
        (key) =>
          catalog.ui[key as keyof typeof catalog.ui] === catalogEn[key as keyof typeof catalogEn],
      );
      expect(same.length).toBeLessThanOrEqual(6);
    });
  }

  it('loads on demand and words plurals in its own grammar', async () => {
    await applyLocale('es');
    const tEs = i18next.getFixedT('es', ['audience', 'messages']);
    expect(tEs('songCount', { count: 1 })).toBe('1 canción');
    expect(tEs('songCount', { count: 12 })).toBe('12 canciones');
    expect(tEs('showingSongs', { shown: 3, count: 12 })).toBe('Mostrando 3 de 12 canciones');
    expect(tEs('messages:noSongsMatch')).toBe('Ninguna canción coincide con tu búsqueda');
    await applyLocale('fr');
    const tFr = i18next.getFixedT('fr', ['audience', 'messages']);
    expect(tFr('songCount', { count: 0 })).toBe('0 chanson');
    expect(tFr('followTitle', { name: 'Ana Lima' })).toBe('Suivre Ana Lima');
    expect(audienceT('songCount', { count: 1 })).toBe('1 chanson');
    await applyLocale('en');
    expect(audienceT('songCount', { count: 2 })).toBe('2 songs');
  });
});
