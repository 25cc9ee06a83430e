import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { warmUpRequestPath } from '#server/features/requests/request-path-warm-up.ts';
import { createSong, registerMusician, submitRequest } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Before the server listens, main.ts sends audience requests through the whole path to a
// made-up musician, so that V8 has compiled it when the first phone asks; nothing of it stays.

const METRICS_TOKEN = 'warm-up-metrics-token-0123456789';
const { app, logs } = await startTestApp({ metricsToken: METRICS_TOKEN });
const db = app.database.kysely;

const WARM_UP_EMAILS = 'warm-up-%@invalid';
const count = async (table: 'musicians' | 'requests' | 'requestVoters' | 'songs') => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const madeUpMusicians = async () => {
  const row = await db
    .selectFrom('musicians')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('email', 'like', WARM_UP_EMAILS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('the request path warm-up', () => {
  it('files new requests and +1s, then removes the musician and all it was sent', async () => {
    const before = {
      requests: await count('requests'),
      voters: await count('requestVoters'),
      songs: await count('songs'),
    };

    const statuses = await warmUpRequestPath(app, { count: 12, songs: 8 });

    // Eight new requests, then four +1s by other requesters: every one filed.
    expect(statuses).toEqual(Array(12).fill(201));
    expect(await madeUpMusicians()).toBe(0);
    expect(await count('requests')).toBe(before.requests);
    expect(await count('requestVoters')).toBe(before.voters);
    expect(await count('songs')).toBe(before.songs);
  });

  it('leaves the log and the metrics as they were, and the log level too', async () => {
    const linesBefore = logs().length;
    await warmUpRequestPath(app, { count: 4 });

    expect(logs().slice(linesBefore)).toEqual([]);
    expect(app.log.level).toBe('info');
    const scrape = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.body).not.toContain('route="/api/requests"');
    expect(scrape.body).not.toContain('event="request:created"');
  });

  it("removes a start's leftover older than ten minutes, never another process's or a musician's", async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    await submitRequest(app, song);
    const leftover = async (minutes: number) =>
      db
        .insertInto('musicians')
        .values({
          name: 'Warm-up',
          email: `warm-up-${minutes} minutes@invalid`,
          slug: `warm-up-${randomUUID()}`,
          passwordHash: '',
          createdAt: new Date(Date.now() - minutes * 60_000),
        })
        .execute();
    await leftover(11);
    await leftover(1);

    await warmUpRequestPath(app, { count: 1 });

    const left = await db
      .selectFrom('musicians')
      .select('email')
      .where('email', 'like', WARM_UP_EMAILS)
      .execute();
    expect(left.map((row) => row.email)).toEqual(['warm-up-1 minutes@invalid']);
    const mine = await db
      .selectFrom('requests')
      .select('id')
      .where('musicianId', '=', musician.musician.id)
      .execute();
    expect(mine).toHaveLength(1);
  });
});
