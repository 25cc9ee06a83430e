/**
 * The suggestions' repository (issue 44's port to Kysely) on the app's SQLite engine and schema:
 * filing under the limits, approving (which adds the song), rejecting. Its behaviour is tested
 * through the routes on PGlite and PostgreSQL; this proves the same statements on the third
 * engine.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB } from '#server/db/tables.ts';
import {
  suggestionsRepository,
  type SuggestionLimits,
} from '#server/features/suggestions/suggestions-repository.ts';
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

const limits: SuggestionLimits = {
  perRequester: { max: 2, windowMinutes: 60 },
  perMusicianPerMinute: 3,
  perAddressPerMinute: 3,
};

const suggestion = (musicianId: string, title: string, email = 'ann@example.com') => ({
  musicianId,
  suggestedTitle: title,
  suggestedArtist: 'Band',
  requesterName: 'Ann',
  requesterEmail: email,
  message: '',
  idempotencyKey: null,
  source: 'address-1',
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the ported suggestions queries on SQLite', () => {
  it('files suggestions until the suggester’s limit refuses one, with the right wait', async () => {
    const db = await sqliteDb();
    const musician = await newMusician(db);
    const repo = suggestionsRepository(db);
    expect(await repo.recipient('band')).toEqual({
      musicianId: musician.id,
      allowSuggestions: true,
    });
    // One from 90 minutes ago is out of the window; one from 20 minutes ago is in it.
    for (const [title, at] of [
      ['Old', minutesAgo(90)],
      ['Recent', minutesAgo(20)],
    ] as const) {
      await db
        .insertInto('songSuggestions')
        .values({ ...suggestion(musician.id, title), createdAt: at })
        .execute();
    }

    const created = await repo.file(
      { ...suggestion(musician.id, 'Jolene', 'ANN@example.com'), idempotencyKey: 'key-1' },
      limits,
    );
    expect(created.outcome).toBe('created');
    // The same key again: that suggestion, nothing new written.
    const again = await repo.file(
      { ...suggestion(musician.id, 'Jolene'), idempotencyKey: 'key-1' },
      limits,
    );
    expect(again).toMatchObject({ outcome: 'existing' });
    if (created.outcome !== 'created' || again.outcome !== 'existing') return;
    expect(again.row.id).toBe(created.row.id);
    expect(created.row.createdAt).toBeInstanceOf(Date);
    expect((await repo.findByIdempotencyKey(musician.id, 'key-1'))?.id).toBe(created.row.id);

    // Two in the hour (the email compared without case): the next waits until the older of
    // them, 20 minutes old, leaves the window: 40 minutes.
    const refused = await repo.file(suggestion(musician.id, 'Wagon Wheel'), limits);
    expect(refused.outcome).toBe('requester_limit');
    if (refused.outcome !== 'requester_limit') return;
    expect(refused.waitSeconds).toBeGreaterThan(40 * 60 - 5);
    expect(refused.waitSeconds).toBeLessThanOrEqual(40 * 60);

    // Another suggester fills the musician's minute (3: Jolene and two more); then the budget
    // refuses anyone until the oldest of the minute is a minute old.
    for (const title of ['A', 'B']) {
      const filed = await repo.file(suggestion(musician.id, title, `${title}@example.com`), limits);
      expect(filed.outcome).toBe('created');
    }
    const flooded = await repo.file(suggestion(musician.id, 'C', 'c@example.com'), limits);
    expect(flooded.outcome).toBe('musician_limit');
    if (flooded.outcome !== 'musician_limit') return;
    expect(flooded.waitSeconds).toBeGreaterThan(50);
    expect(flooded.waitSeconds).toBeLessThanOrEqual(60);

    // Newest first (the last three may share a millisecond).
    const listed = (await repo.list(musician.id)).map((row) => row.suggested_title);
    expect(listed.slice(3)).toEqual(['Recent', 'Old']);
    expect(listed.slice(0, 3).sort()).toEqual(['A', 'B', 'Jolene']);
  });

  it('approving adds the song once, rejecting adds none, and a listed song is found', async () => {
    const db = await sqliteDb();
    const musician = await newMusician(db);
    const other = await newMusician(db, 'other');
    const repo = suggestionsRepository(db);
    const file = async (title: string, musicianId = musician.id) => {
      const filed = await repo.file(suggestion(musicianId, title), limits);
      if (filed.outcome !== 'created') throw new Error(filed.outcome);
      return filed.row;
    };
    const jolene = await file('Jolene');
    const twice = await file(' JOLENE ');
    const rejected = await file('Wonderwall', other.id);

    const approved = await repo.decide(musician.id, jolene.id, 'added');
    expect(approved).toMatchObject({ suggestion: { id: jolene.id, status: 'added' } });
    const songs = await db
      .selectFrom('songs')
      .selectAll()
      .where('musicianId', '=', musician.id)
      .execute();
    expect(songs.map((song) => [song.id, song.title, song.hidden])).toEqual([
      [approved && 'songAdded' in approved ? approved.songAdded : null, 'Jolene', false],
    ]);
    // Decided already: no second decision.
    expect(await repo.decide(musician.id, jolene.id, 'rejected')).toBeUndefined();
    // The same song by the duplicate rule, found by title on the list, is marked added.
    expect(await repo.visibleSongIdsOf(musician.id, 'jolene', ' band')).toEqual([songs[0]!.id]);
    const marked = await repo.markAdded(musician.id, { title: 'Jolene', artist: 'BAND' });
    expect(marked.map((row) => [row.id, row.status])).toEqual([[twice.id, 'added']]);

    // Another's suggestion is not this musician's to decide.
    expect(await repo.decide(musician.id, rejected.id, 'rejected')).toBeUndefined();
    const decided = await repo.decide(other.id, rejected.id, 'rejected');
    expect(decided).toEqual({
      suggestion: expect.objectContaining({ status: 'rejected' }),
      songAdded: undefined,
    });
    expect(
      await db.selectFrom('songs').where('musicianId', '=', other.id).select('id').execute(),
    ).toEqual([]);
    expect((await repo.findOwned(other.id, rejected.id))?.status).toBe('rejected');

    expect(await repo.delete(musician.id, rejected.id)).toBe(false);
    expect(await repo.delete(other.id, rejected.id)).toBe(true);
    expect(await repo.findOwned(other.id, rejected.id)).toBeUndefined();
  });

  it('a musician who turned suggestions off is found with them off', async () => {
    const db = await sqliteDb();
    const musician = await newMusician(db);
    await db
      .insertInto('designSettings')
      .values({ musicianId: musician.id, allowSongSuggestions: false })
      .execute();
    expect(await suggestionsRepository(db).recipient('band')).toEqual({
      musicianId: musician.id,
      allowSuggestions: false,
    });
    expect(await suggestionsRepository(db).recipient('nobody')).toBeUndefined();
  });
});
