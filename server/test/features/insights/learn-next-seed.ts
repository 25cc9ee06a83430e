import type { FastifyInstance } from 'fastify';
import type { LearnNextResponse } from '#shared/schemas/insights.ts';
import { startShow, submitSuggestion, type TestMusician } from '#server-test/helpers/factories.ts';
import { testConfig } from '#server-test/helpers/test-app.ts';

/** No lookups on the internet, and room for one fan to suggest a song many times. */
export function insightsTestConfig() {
  const base = testConfig();
  return {
    metadata: { ...base.metadata, musicbrainzEnabled: false },
    limits: { ...base.limits, suggestionsPerRequester: { max: 100, windowMinutes: 10 } },
  };
}

const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A show that ran from `fromDaysAgo` to `toDaysAgo` (started and stopped through the API). */
export async function pastShow(
  app: FastifyInstance,
  musician: TestMusician,
  name: string,
  fromDaysAgo: number,
  toDaysAgo: number,
) {
  const show = await startShow(app, musician, name);
  const res = await app.inject({ method: 'POST', url: '/api/shows/stop', headers: musician.auth });
  if (res.statusCode !== 200) throw new Error(`stop show failed: ${res.statusCode} ${res.body}`);
  await app.database.kysely
    .updateTable('shows')
    .set({ date: ago(fromDaysAgo), stoppedAt: ago(toDaysAgo) })
    .where('id', '=', show.id)
    .execute();
  return show;
}

/** A suggestion sent through the public API, then moved `daysAgo` days into the past. */
export async function suggestAt(
  app: FastifyInstance,
  musician: TestMusician,
  song: { title: string; artist: string; email: string },
  daysAgo: number,
): Promise<string> {
  const { id } = await submitSuggestion(app, musician, {
    suggested_title: song.title,
    suggested_artist: song.artist,
    requester_name: `Fan ${song.email.split('@')[0]}`,
    requester_email: song.email,
  });
  await app.database.kysely
    .updateTable('songSuggestions')
    .set({ createdAt: ago(daysAgo) })
    .where('id', '=', id)
    .execute();
  return id;
}

/** Moves a request `daysAgo` days into the past. */
export async function requestAgo(app: FastifyInstance, id: string, daysAgo: number) {
  await app.database.kysely
    .updateTable('requests')
    .set({ createdAt: ago(daysAgo) })
    .where('id', '=', id)
    .execute();
}

export async function learnNext(
  app: FastifyInstance,
  musician: TestMusician,
): Promise<LearnNextResponse> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/insights/learn-next',
    headers: musician.auth,
  });
  if (res.statusCode !== 200) throw new Error(`learn-next failed: ${res.statusCode} ${res.body}`);
  return res.json<LearnNextResponse>();
}

export const titles = (list: { title: string }[]) => list.map((song) => song.title);
