import type { StubAnswer, StubRequest } from '#server-test/helpers/stub-http-server.ts';

/** A recording as /ws/2/recording?fmt=json returns it (the fields we read, plus some we don't). */
export function recording(
  title: string,
  artist: string,
  score: number,
  firstReleaseDate: string | undefined,
  tags: Array<[string, number]> = [],
) {
  return {
    id: `rec-${title}-${score}`,
    score,
    title,
    length: 215000,
    'artist-credit': [{ name: artist, artist: { id: 'a1', name: artist } }],
    'first-release-date': firstReleaseDate,
    releases: [{ id: 'r1', title: 'Some Album' }],
    tags: tags.map(([name, count]) => ({ name, count })),
  };
}

/** Answers a recording search for "Valerie" by The Zutons; nothing for anything else. */
export function musicBrainzHandler(request: StubRequest): StubAnswer {
  const url = new URL(request.url, 'http://stub');
  if (url.pathname !== '/ws/2/recording' || url.searchParams.get('fmt') !== 'json') {
    return { status: 404, json: { error: 'Not Found' } };
  }
  const query = url.searchParams.get('query') ?? '';
  if (query.includes('"Valerie"') && query.includes('"The Zutons"')) {
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
          recording('Valerie (live)', 'The Zutons', 95, '2008-01-01', [['rock', 1]]),
          recording('Valerie', 'Some Cover Band', 90, '2004-01-01', [['pop', 9]]),
          recording('Valerie', 'The Zutons', 40, '1999-01-01'),
        ],
      },
    };
  }
  return { json: { created: '2026-01-01T00:00:00.000Z', count: 0, offset: 0, recordings: [] } };
}
