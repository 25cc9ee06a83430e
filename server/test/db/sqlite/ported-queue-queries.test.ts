/**
 * The public queue's, the blocklist's and the playlists' repositories (issue 44's port to
 * Kysely) on the app's SQLite engine and schema: every statement they hold runs there and
 * decides as on PostgreSQL. Their behaviour is tested through the routes on PGlite and
 * PostgreSQL; this proves the same statements on the third engine.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB, NewSongRequest } from '#server/db/tables.ts';
import { blocklistRepository } from '#server/features/blocklist/blocklist-repository.ts';
import { playlistsRepository } from '#server/features/playlists/playlists-repository.ts';
import { publicQueueRepository } from '#server/features/public-queue/public-queue-repository.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();
type Db = Awaited<ReturnType<typeof sqliteDb>>;

async function sqliteDb() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  return db;
}

async function newMusician(db: Db, slug = 'band') {
  const email = `${slug}@example.com`;
  return musiciansRepository(db).insert({ name: slug, email, slug, passwordHash: 'hash' });
}

async function newSong(db: Db, musicianId: string, title: string) {
  return db
    .insertInto('songs')
    .values({ musicianId, title, artist: 'Artist' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let minute = 0;
async function newRequest(db: Db, values: Partial<NewSongRequest> & { musicianId: string }) {
  minute += 1;
  return db
    .insertInto('requests')
    .values({
      songTitle: 'Song',
      songArtist: 'Artist',
      requesterName: 'Ann',
      requesterEmail: 'ann@example.com',
      createdAt: new Date(Date.UTC(2026, 0, 1, 20, minute)),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function newVoter(
  db: Db,
  request: { id: string; musicianId: string },
  name: string,
  tipAmount: number,
  deviceId = '',
) {
  minute += 1;
  await db
    .insertInto('requestVoters')
    .values({
      requestId: request.id,
      musicianId: request.musicianId,
      requesterName: name,
      requesterEmail: `${name.toLowerCase()}@example.com`,
      tipAmount,
      deviceId,
      createdAt: new Date(Date.UTC(2026, 0, 1, 20, minute)),
    })
    .execute();
}

describe('the ported queue queries on SQLite', () => {
  it('public queue: the screens, the open queue and the +1 target', async () => {
    const db = await sqliteDb();
    const band = await newMusician(db);
    const queue = publicQueueRepository(db);
    expect(await queue.musician('band')).toEqual({
      id: band.id,
      slug: 'band',
      venueScreenEnabled: expect.any(Boolean),
      venueScreenDedications: expect.any(Boolean),
      publicQueue: expect.any(Boolean),
    });
    const show = await db
      .insertInto('shows')
      .values({ musicianId: band.id, name: 'Tonight', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const song = await newSong(db, band.id, 'Jolene');
    const musicianId = band.id;
    const showId = show.id;
    const lastWeek = await newRequest(db, { musicianId, songId: song.id, queuePosition: 1 });
    const first = await newRequest(db, { musicianId, songId: song.id, showId, queuePosition: 2 });
    const second = await newRequest(db, {
      musicianId,
      songId: song.id,
      showId,
      status: 'accepted',
      queuePosition: 3,
    });
    const upNext = await newRequest(db, { musicianId, status: 'up_next', queuePosition: 1 });
    const played = await newRequest(db, { musicianId, songId: song.id, showId, status: 'played' });
    await newRequest(db, { musicianId, blocked: true, queuePosition: 4 });

    const open = await queue.open(band.id);
    expect(open.map((row) => row.id)).toEqual([upNext.id, lastWeek.id, first.id, second.id]);
    expect(open[0]).toMatchObject({ status: 'up_next', votes: 1, queue_position: 1 });

    expect(await queue.voteTarget(first.id)).toMatchObject({ songId: song.id, joinable: true });
    expect(await queue.voteTarget(second.id)).toMatchObject({ joinable: false });
    expect(await queue.voteTarget(lastWeek.id)).toMatchObject({ joinable: false });
    expect(await queue.voteTarget(played.id)).toMatchObject({ status: 'played', joinable: false });
    expect(await queue.votes(first.id)).toBe(1);
  });

  it('blocklist: a block withdraws their +1s, hands on what others joined and hides the rest', async () => {
    const db = await sqliteDb();
    const band = await newMusician(db);
    const musicianId = band.id;
    const blocklist = blocklistRepository(db);
    const joined = await newRequest(db, { musicianId, deviceId: 'ann-phone', tipAmount: 10 });
    await newVoter(db, joined, 'Ben', 3);
    await newVoter(db, joined, 'Cat', 2);
    const solo = await newRequest(db, { musicianId, requesterEmail: 'ANN@example.com' });
    const dans = await newRequest(db, {
      musicianId,
      requesterName: 'Dan',
      requesterEmail: 'dan@example.com',
      tipAmount: 4,
      votes: 2,
    });
    // Ann's +1 from another address, known by her phone.
    await newVoter(db, dans, 'Annie', 1, 'ann-phone');

    const result = await blocklist.block(musicianId, joined.id);
    expect(result?.entry).toMatchObject({ email: 'ann@example.com', deviceId: 'ann-phone' });
    expect(result?.hiddenRequestIds).toEqual([solo.id]);
    expect([...(result?.updatedRequestIds ?? [])].sort()).toEqual([joined.id, dans.id].sort());

    const rows = await db
      .selectFrom('requests')
      .selectAll()
      .where('musicianId', '=', musicianId)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(joined.id)).toMatchObject({
      requesterName: 'Ben',
      votes: 2,
      tipAmount: '5.00',
      blocked: false,
    });
    expect(byId.get(dans.id)).toMatchObject({ votes: 1, tipAmount: '3.00' });
    expect(byId.get(solo.id)?.blocked).toBe(true);
    const copy = rows.find((row) => row.blocked && row.deviceId === 'ann-phone');
    expect(copy).toMatchObject({ requesterName: 'Ann', votes: 1, tipAmount: '5.00' });
    const voters = await db.selectFrom('requestVoters').select('requesterName').execute();
    expect(voters.map((row) => row.requesterName)).toEqual(['Cat']);

    expect(await blocklist.isBlocked(musicianId, { email: 'Ann@Example.com', deviceId: '' })).toBe(
      true,
    );
    expect(await blocklist.isBlocked(musicianId, { email: '', deviceId: 'ann-phone' })).toBe(true);
    expect(await blocklist.isBlocked(musicianId, { email: 'dan@example.com', deviceId: '' })).toBe(
      false,
    );
    await blocklist.block(musicianId, solo.id);
    const list = await blocklist.list(musicianId);
    expect(list.map((row) => row.email)).toEqual(['ann@example.com', 'ann@example.com']);
    expect(list.every((row) => row.createdAt instanceof Date)).toBe(true);
    // The same person again: one entry.
    expect(await blocklist.block(musicianId, solo.id)).toMatchObject({ hiddenRequestIds: [] });
    expect(await blocklist.list(musicianId)).toHaveLength(2);
    expect(await blocklist.unblock(musicianId, list[0]!.id)).toBe(true);
    expect(await blocklist.unblock(musicianId, list[0]!.id)).toBe(false);
  });

  it('playlists: writes, activation, the audience view and the playing-set rule', async () => {
    const db = await sqliteDb();
    const band = await newMusician(db);
    const other = await newMusician(db, 'other');
    const playlists = playlistsRepository(db);
    const [a, b, c] = [
      await newSong(db, band.id, 'A'),
      await newSong(db, band.id, 'B'),
      await newSong(db, band.id, 'C'),
    ];
    const foreign = await newSong(db, other.id, 'F');
    expect(await playlists.create(band.id, 'Set', [a!.id, foreign.id])).toEqual({
      kind: 'foreign_songs',
    });
    const created = await playlists.create(band.id, 'Set', [a!.id, b!.id]);
    if (created.kind !== 'done') throw new Error(created.kind);
    const id = created.record.row.id;
    expect(created.record.row.isActive).toBe(false);
    expect(await playlists.ownerOf(id)).toBe(band.id);

    const appended = await playlists.appendSongs(band.id, id, [b!.id, c!.id]);
    expect(appended).toMatchObject({ kind: 'done', record: { songIds: [a!.id, b!.id, c!.id] } });
    expect(await playlists.replaceSongs(band.id, id, [c!.id, a!.id])).toMatchObject({
      kind: 'done',
      record: { songIds: [c!.id, a!.id] },
    });
    expect(await playlists.replaceSongs(other.id, id, [])).toEqual({ kind: 'missing' });
    expect((await playlists.songs(band.id, id)).map((song) => song.title)).toEqual(['C', 'A']);
    expect((await playlists.rename(band.id, id, 'Late set'))?.row.name).toBe('Late set');

    expect(await playlists.isRequestable(b!.id)).toBe(true);
    const active = await playlists.activate(band.id, id);
    expect(active).toMatchObject({ row: { isActive: true, isPublic: true } });
    expect(await playlists.activate(band.id, foreign.id)).toBe('missing');
    expect(await playlists.findActiveId(band.id)).toBe(id);
    expect(await playlists.isRequestable(b!.id)).toBe(false);
    expect(await playlists.isRequestable(a!.id)).toBe(true);
    expect(await playlists.isPublic(band.id, id)).toBe(true);

    await db.updateTable('songs').set({ hidden: true }).where('id', '=', c!.id).execute();
    expect(await playlists.listPublic(band.id)).toEqual([
      { id, name: 'Late set', isActive: true, songCount: 1 },
    ]);
    const privately = await playlists.setVisibility(band.id, id, false);
    expect(privately).toMatchObject({ activeCleared: true, record: { row: { isActive: false } } });
    expect(await playlists.isRequestable(b!.id)).toBe(true);
    expect((await playlists.list(band.id)).map((record) => record.songIds)).toEqual([
      [c!.id, a!.id],
    ]);
    expect(await playlists.activate(band.id, null)).toBeNull();
    expect(await playlists.delete(band.id, id)).toEqual({ wasActive: false });
    expect(await playlists.find(band.id, id)).toBeUndefined();
  });
});
