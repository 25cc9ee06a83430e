import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fill, plural } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { Song } from '#shared/schemas/song.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// A batch edit sets one artist on many songs at once: it must not make copies (same title and
// artist, see song-key.ts) that a single edit or an import would refuse.
const { app } = await startTestApp();

const batchEdit = (musician: TestMusician, payload: InjectOptions['payload']) =>
  app.inject({ method: 'PUT', url: '/api/songs/batch-edit', headers: musician.auth, payload });

const songsOf = async (musician: TestMusician) => {
  const res = await app.inject({ url: '/api/songs?sort_by=title', headers: musician.auth });
  return res.json<Song[]>().map((song) => `${song.title} / ${song.artist}`);
};

const wouldDuplicate = (count: number) => ({
  detail: fill(messages.batchEditWouldDuplicate, { songs: plural(count, 'song', 'songs') }),
});

describe('a batch edit of the artist', () => {
  it('refuses to make a song a copy of another one, and changes nothing', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Hallelujah', artist: 'Leonard Cohen' });
    const buckley = await createSong(app, musician, {
      title: 'Hallelujah',
      artist: 'Jeff Buckley',
    });
    const other = await createSong(app, musician, { title: 'Grace', artist: 'Jeff Buckley' });
    const before = await songsOf(musician);

    const res = await batchEdit(musician, {
      song_ids: [buckley.id, other.id],
      updates: { artist: ' leonard cohen ', year: 1994 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(wouldDuplicate(1));
    expect(await songsOf(musician)).toEqual(before);
  });

  it('refuses to make selected songs copies of each other', async () => {
    const musician = await registerMusician(app);
    const a = await createSong(app, musician, { title: 'Summertime', artist: 'Ella Fitzgerald' });
    const b = await createSong(app, musician, { title: 'SUMMERTIME', artist: 'Janis Joplin' });
    const c = await createSong(app, musician, { title: 'Fever', artist: 'Peggy Lee' });

    const res = await batchEdit(musician, {
      song_ids: [a.id, b.id, c.id],
      updates: { artist: 'Various' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(wouldDuplicate(2));
    expect(await songsOf(musician)).toEqual([
      'Fever / Peggy Lee',
      'Summertime / Ella Fitzgerald',
      'SUMMERTIME / Janis Joplin',
    ]);
  });

  it('lets an edit through that only changes the case of the same artist', async () => {
    const musician = await registerMusician(app);
    const a = await createSong(app, musician, { title: 'Jolene', artist: 'dolly parton' });
    const b = await createSong(app, musician, { title: '9 to 5', artist: 'Dolly' });
    const res = await batchEdit(musician, {
      song_ids: [a.id, b.id],
      updates: { artist: 'Dolly Parton' },
    });
    expect(res.json()).toEqual({ success: true, updated_count: 2 });
    expect(await songsOf(musician)).toEqual(['9 to 5 / Dolly Parton', 'Jolene / Dolly Parton']);
  });

  it("ignores another musician's songs of the same name", async () => {
    const musician = await registerMusician(app);
    const stranger = await registerMusician(app);
    await createSong(app, stranger, { title: 'Creep', artist: 'Radiohead' });
    const mine = await createSong(app, musician, { title: 'Creep', artist: 'TLC' });
    const res = await batchEdit(musician, {
      song_ids: [mine.id],
      updates: { artist: 'Radiohead' },
    });
    expect(res.json()).toEqual({ success: true, updated_count: 1 });
  });

  it('racing a single add of the song it would create, ends with one of them', async () => {
    const musician = await registerMusician(app);
    const songs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createSong(app, musician, { title: `Tune ${i}`, artist: 'Old' }),
      ),
    );
    const [edit, add] = await Promise.all([
      batchEdit(musician, { song_ids: songs.map((song) => song.id), updates: { artist: 'New' } }),
      app.inject({
        method: 'POST',
        url: '/api/songs',
        headers: musician.auth,
        payload: { title: 'Tune 19', artist: 'New' },
      }),
    ]);
    // Whichever took the lock first won; the other was refused.
    const statuses = [edit.statusCode, add.statusCode];
    expect(statuses).toSatisfy(
      (pair: number[]) => pair.join() === '200,409' || pair.join() === '409,201',
    );
    const after = await songsOf(musician);
    expect(after.filter((song) => song === 'Tune 19 / New')).toHaveLength(1);
  });
});
