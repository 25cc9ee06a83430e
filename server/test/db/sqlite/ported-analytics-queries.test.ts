/**
 * Analytics and insights (issue 44's port to Kysely) on the app's SQLite engine and schema: their
 * statements run there and read back what they read on PostgreSQL. Their behaviour is tested
 * through the routes on PGlite and PostgreSQL; this proves the same statements on the third
 * engine, the repository's own SQL filters (before the service's) included.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB, NewSongRequest } from '#server/db/tables.ts';
import { analyticsRepository } from '#server/features/analytics/analytics-repository.ts';
import { dismissalKey, insightsRepository } from '#server/features/insights/insights-repository.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function sqliteDb() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  const band = await musiciansRepository(db).insert({
    name: 'band',
    email: 'band@example.com',
    slug: 'band',
    passwordHash: 'hash',
  });
  return { db, musicianId: band.id };
}

const ask = (musicianId: string, fields: Partial<NewSongRequest>): NewSongRequest => ({
  musicianId,
  songTitle: 'Creep',
  songArtist: 'Radiohead',
  requesterName: 'Sam',
  requesterEmail: 'sam@example.com',
  ...fields,
});

describe('the ported analytics and insights queries on SQLite', () => {
  it('analytics: the period’s requests, their +1s and tips', async () => {
    const { db, musicianId } = await sqliteDb();
    const [old, recent] = await db
      .insertInto('requests')
      .values([
        ask(musicianId, { tipAmount: '7.50', tipReceived: '5.00', createdAt: hoursAgo(100) }),
        ask(musicianId, {
          songTitle: 'Jolene',
          tipAmount: 0,
          tipReceived: 0,
          createdAt: hoursAgo(1),
        }),
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('requests')
      .values(ask(musicianId, { blocked: true, createdAt: hoursAgo(1) }))
      .execute();
    await db
      .insertInto('requestVoters')
      .values({
        requestId: old!.id,
        musicianId,
        requesterName: 'Jo',
        requesterEmail: 'jo@example.com',
        tipAmount: '2.50',
        createdAt: hoursAgo(2),
      })
      .execute();
    await db
      .insertInto('tips')
      .values(
        [
          { musicianId, requestId: old!.id, amount: 5, platform: 'venmo', createdAt: hoursAgo(99) },
          { musicianId, requestId: null, amount: 3, platform: 'venmo', createdAt: hoursAgo(1) },
          { musicianId, requestId: null, amount: 4, platform: 'venmo', createdAt: hoursAgo(200) },
          // Only claimed: never read.
          { musicianId, requestId: null, amount: 9, platform: 'venmo', createdAt: hoursAgo(1) },
        ].map((tip) => ({
          ...tip,
          platform: 'venmo' as const,
          receivedAt: tip.amount === 9 ? null : hoursAgo(1),
        })),
      )
      .execute();

    const analytics = analyticsRepository(db);
    const period = await analytics.rows(musicianId, hoursAgo(10));
    // The old request is read for its +1 inside the period, with its tip sent long ago.
    expect(period.requests.map((row) => row.id).sort()).toEqual([old!.id, recent!.id].sort());
    expect(period.requests.find((row) => row.id === old!.id)).toMatchObject({
      tipReceived: '5.00',
      deviceId: '',
    });
    expect(period.requests[0]!.createdAt).toBeInstanceOf(Date);
    expect(period.voters).toEqual([expect.objectContaining({ requesterName: 'Jo' })]);
    expect(period.tips.map((tip) => [tip.requestId, tip.amount]).sort()).toEqual(
      [
        [old!.id, '5.00'],
        [null, '3.00'],
      ].sort(),
    );
    const allTime = await analytics.rows(musicianId, null);
    expect(allTime.tips).toHaveLength(3);
    expect(allTime.requests).toHaveLength(2);
  });

  it('insights: asks, totals and dismissals', async () => {
    const { db, musicianId } = await sqliteDb();
    const insights = insightsRepository(db);
    const [show] = await db
      .insertInto('shows')
      .values({
        musicianId,
        name: 'Friday',
        date: hoursAgo(5),
        status: 'stopped',
        stoppedAt: hoursAgo(1),
      })
      .returning('id')
      .execute();
    const [song] = await db
      .insertInto('songs')
      .values({ musicianId, title: 'Creep', artist: 'Radiohead' })
      .returning('id')
      .execute();
    const suggestion = (title: string, createdAt: Date, email = 'a@example.com') => ({
      musicianId,
      suggestedTitle: title,
      suggestedArtist: 'Band',
      requesterName: 'A',
      requesterEmail: email,
      createdAt,
    });
    await db
      .insertInto('songSuggestions')
      .values([
        suggestion('Yellow', hoursAgo(3)),
        suggestion('Yellow', hoursAgo(2), ''),
        suggestion('Gone', hoursAgo(3)),
      ])
      .execute();
    await db
      .insertInto('songSuggestions')
      .values([
        { ...suggestion('Creep', hoursAgo(3)), suggestedArtist: 'Radiohead' },
        { ...suggestion('creep', hoursAgo(3)), suggestedArtist: 'RADIOHEAD ' },
      ])
      .execute();
    expect(await insights.dismiss(musicianId, dismissalKey('GONE', ' band'), 10)).toBe('dismissed');
    expect(await insights.dismiss(musicianId, dismissalKey('gone', 'band'), 10)).toBe('dismissed');
    expect(await insights.dismiss(musicianId, 'another', 1)).toBe('full');

    const asks = await insights.suggestionAsks(musicianId);
    // Creep is in the repertoire (any case, spaces aside) and Gone dismissed: SQL leaves them out.
    expect(asks.map((row) => [row.title, row.who, row.show_id, row.asks]).sort()).toEqual([
      ['Yellow', expect.stringMatching(/^ask:/), show!.id, 1],
      ['Yellow', 'email:a@example.com', show!.id, 1],
    ]);
    expect(asks.map((row) => row.title).sort()).toEqual(['Yellow', 'Yellow']);
    expect(asks[0]!.asked_at).toBeInstanceOf(Date);

    const [request] = await db
      .insertInto('requests')
      .values(ask(musicianId, { songId: song!.id, showId: show!.id, createdAt: hoursAgo(4) }))
      .returning('id')
      .execute();
    await db
      .insertInto('requests')
      .values(ask(musicianId, { songId: song!.id, status: 'played', requesterEmail: 'b@x.io' }))
      .execute();
    await db
      .insertInto('requestVoters')
      .values({
        requestId: request!.id,
        musicianId,
        requesterName: 'Jo',
        requesterEmail: '',
        deviceId: 'jo-phone',
      })
      .execute();
    const unplayed = await insights.unplayedAsks(musicianId);
    expect(unplayed.map((row) => [row.song_id, row.title, row.who, row.asks]).sort()).toEqual([
      [song!.id, 'Creep', 'device:jo-phone', 1],
      [song!.id, 'Creep', 'email:sam@example.com', 1],
    ]);
    expect(await insights.requestTotals(musicianId, [song!.id])).toEqual([
      { song_id: song!.id, requesters: 3, requests: 3, played: 1 },
    ]);
    await insights.undismiss(musicianId, dismissalKey('gone', 'band'));
    expect(await insights.dismissedKeys(musicianId)).toEqual(new Set());
  });
});
