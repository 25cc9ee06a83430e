import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows-of.ts';
import { warmUpRequestPath } from '#server/features/requests/request-path-warm-up.ts';
import { createSong, registerMusician, submitRequest } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Before the server listens, main.ts sends audience requests through the whole path to a
// made-up musician, so that V8 has compiled it when the first phone asks; nothing of it stays.

const METRICS_TOKEN = 'warm-up-metrics-token-0123456789';
const { app, logs } = await startTestApp({ metricsToken: METRICS_TOKEN });
const { db } = app.database;

const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: string }>(await db.execute(query))[0]!.n);
const madeUpMusicians = () =>
  count(sql`SELECT count(*) AS n FROM musicians WHERE email LIKE 'warm-up-%@invalid'`);

describe('the request path warm-up', () => {
  it('files new requests and +1s, then removes the musician and all it was sent', async () => {
    const before = {
      requests: await count(sql`SELECT count(*) AS n FROM requests`),
      voters: await count(sql`SELECT count(*) AS n FROM request_voters`),
      songs: await count(sql`SELECT count(*) AS n FROM songs`),
    };

    const statuses = await warmUpRequestPath(app, { count: 12, songs: 8 });

    // Eight new requests, then four +1s by other requesters: every one filed.
    expect(statuses).toEqual(Array(12).fill(201));
    expect(await madeUpMusicians()).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM requests`)).toBe(before.requests);
    expect(await count(sql`SELECT count(*) AS n FROM request_voters`)).toBe(before.voters);
    expect(await count(sql`SELECT count(*) AS n FROM songs`)).toBe(before.songs);
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
    const leftover = async (age: string) =>
      db.execute(sql`
        INSERT INTO musicians (name, email, slug, password_hash, created_at)
        VALUES ('Warm-up', 'warm-up-' || ${age} || '@invalid', 'warm-up-' || gen_random_uuid(), '',
          now() - ${age}::interval)`);
    await leftover('11 minutes');
    await leftover('1 minute');

    await warmUpRequestPath(app, { count: 1 });

    const left = rowsOf<{ email: string }>(
      await db.execute(sql`SELECT email FROM musicians WHERE email LIKE 'warm-up-%@invalid'`),
    );
    expect(left.map((row) => row.email)).toEqual(['warm-up-1 minute@invalid']);
    const mine = await count(
      sql`SELECT count(*) AS n FROM requests WHERE musician_id = ${musician.musician.id}`,
    );
    expect(mine).toBe(1);
  });
});
