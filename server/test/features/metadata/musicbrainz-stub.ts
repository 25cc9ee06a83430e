import type { StubAnswer, StubRequest } from '#server-test/helpers/stub-http-server.ts';

/**
 * A recording as /ws/2/recording?fmt=json returns it (the fields we read, plus some we don't):
 * its `length` in milliseconds, null where MusicBrainz does not know it.
 */
export function recording(
  title: string,
  artist: string,
  score: number,
  firstReleaseDate: string | undefined,
  tags: Array<[string, number]> = [],
  lengthMs: number | null = 215_000,
) {
  return {
    id: `rec-${title}-${score}`,
    score,
    title,
    length: lengthMs,
    'artist-credit': [{ name: artist, artist: { id: 'a1', name: artist } }],
    'first-release-date': firstReleaseDate,
    releases: [{ id: 'r1', title: 'Some Album' }],
    tags: tags.map(([name, count]) => ({ name, count })),
  };
}

const artistRelation = (type: string, name: string) => ({
  type,
  'type-id': `type-${type}`,
  'target-type': 'artist',
  direction: 'backward',
  attributes: [],
  artist: { id: `artist-${name}`, name, 'sort-name': name, disambiguation: '' },
});

/**
 * /ws/2/recording/{id}?inc=work-rels&fmt=json: the works each recording performs. Valerie's
 * best match performs a work whose writers are known; Lonely Tune's performs none.
 */
const RECORDING_WORKS: Record<string, unknown[]> = {
  'rec-Valerie-100': [
    {
      type: 'performance',
      'target-type': 'work',
      direction: 'forward',
      attributes: [],
      work: { id: 'work-valerie', title: 'Valerie', type: 'Song', iswcs: [] },
    },
  ],
  'rec-Lonely Tune-100': [],
};

/** /ws/2/work/{id}?inc=artist-rels&fmt=json: the work's artist relations. */
const WORK_ARTISTS: Record<string, unknown[]> = {
  'work-valerie': [
    artistRelation('composer', 'Dave McCabe'),
    artistRelation('lyricist', 'Dave McCabe'),
    artistRelation('writer', 'Abi Harding'),
    artistRelation('composer', 'Boyan Chowdhury'),
    // Not writers: they must not appear in the songwriter field.
    artistRelation('arranger', 'Someone Arranging'),
    artistRelation('publishing', 'A Publisher'),
    {
      type: 'wikidata',
      'target-type': 'url',
      url: { id: 'u1', resource: 'https://www.wikidata.org/wiki/Q1' },
    },
  ],
};

const notFound: StubAnswer = { status: 404, json: { error: 'Not Found' } };

/**
 * Answers a recording search for "Valerie" by The Zutons and "Lonely Tune" by Solo Act, the
 * lookups of their recordings and works, and nothing for anything else.
 */
export function musicBrainzHandler(request: StubRequest): StubAnswer {
  const url = new URL(request.url, 'http://stub');
  if (url.searchParams.get('fmt') !== 'json') return notFound;
  const lookup = /^\/ws\/2\/(recording|work)\/([^/]+)$/.exec(url.pathname);
  if (lookup) {
    const [, entity, id] = lookup as unknown as [string, string, string];
    const wanted = entity === 'recording' ? 'work-rels' : 'artist-rels';
    const relations = (entity === 'recording' ? RECORDING_WORKS : WORK_ARTISTS)[
      decodeURIComponent(id)
    ];
    if (!relations || url.searchParams.get('inc') !== wanted) return notFound;
    return { json: { id, title: 'Some title', relations } };
  }
  if (url.pathname !== '/ws/2/recording') return notFound;
  const query = url.searchParams.get('query') ?? '';
  // "Valerie (Live)" finds the same recordings, as MusicBrainz's search would.
  if (query.includes('"Valerie') && query.includes('"The Zutons"')) {
    return {
      json: {
        created: '2026-01-01T00:00:00.000Z',
        count: 3,
        offset: 0,
        recordings: [
          recording('Valerie', 'The Zutons', 100, '2006-06-19', [
            ['indie rock', 3],
            ['british', 5],
            ['upbeat', 2],
          ]),
          recording('Valerie (live)', 'The Zutons', 95, '2008-01-01', [['rock', 1]], 251_400),
          recording('Valerie', 'Some Cover Band', 90, '2004-01-01', [['pop', 9]]),
          recording('Valerie', 'The Zutons', 40, '1999-01-01'),
        ],
      },
    };
  }
  if (query.includes('"Lonely Tune"') && query.includes('"Solo Act"')) {
    return {
      json: {
        created: '2026-01-01T00:00:00.000Z',
        count: 1,
        offset: 0,
        // A recording whose length MusicBrainz does not know.
        recordings: [recording('Lonely Tune', 'Solo Act', 100, '2011-03-01', [['folk', 2]], null)],
      },
    };
  }
  return { json: { created: '2026-01-01T00:00:00.000Z', count: 0, offset: 0, recordings: [] } };
}

/** The length the stub's Valerie gets: its best match's 215,000 ms. */
export const VALERIE_SECONDS = 215;

/** The songwriter field the stub's Valerie gets: each writer once, in MusicBrainz's order. */
export const VALERIE_WRITERS = 'Dave McCabe, Abi Harding, Boyan Chowdhury';
