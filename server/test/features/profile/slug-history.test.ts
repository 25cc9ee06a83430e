import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  createSong,
  registerMusician,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

let counter = 0;
/** A slug no other test uses. */
const freshSlug = (base: string) => `${base}-${Date.now().toString(36)}-${++counter}`;

async function historyOf(musician: TestMusician) {
  const rows = await app.database.kysely
    .selectFrom('musicianSlugHistory')
    .select('slug')
    .where('musicianId', '=', musician.musician.id)
    .execute();
  return rows.map((row) => row.slug).sort();
}

describe('old slugs after a slug change', () => {
  it('records the old slug and redirects the public API to the new one, query kept', async () => {
    const musician = await registerMusician(app);
    await createSong(app, musician, { title: 'Clocks', artist: 'Coldplay' });
    const old = musician.musician.slug;
    const renamed = freshSlug('renamed');
    await updateProfile(app, musician, { slug: renamed });
    expect(await historyOf(musician)).toEqual([old]);

    const songs = await app.inject({ url: `/api/musicians/${old}/songs?search=clocks&genre=Rock` });
    expect(songs.statusCode).toBe(308);
    expect(songs.headers.location).toBe(`/api/musicians/${renamed}/songs?search=clocks&genre=Rock`);

    const profile = await app.inject({ url: `/api/musicians/${old.toUpperCase()}` });
    expect(profile.statusCode).toBe(308);
    expect(profile.headers.location).toBe(`/api/musicians/${renamed}`);

    const followed = await app.inject({ url: songs.headers.location! });
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toMatchObject([{ title: 'Clocks' }]);
  });

  it('keeps every earlier slug pointing at the current one', async () => {
    const musician = await registerMusician(app);
    const first = musician.musician.slug;
    const second = freshSlug('second');
    const third = freshSlug('third');
    await updateProfile(app, musician, { slug: second });
    await updateProfile(app, musician, { slug: third });
    expect(await historyOf(musician)).toEqual([first, second].sort());
    for (const old of [first, second]) {
      const res = await app.inject({ url: `/api/musicians/${old}/design` });
      expect(res.statusCode).toBe(308);
      expect(res.headers.location).toBe(`/api/musicians/${third}/design`);
    }
  });

  it('does not redirect writes (the audience page posts to the current slug)', async () => {
    const musician = await registerMusician(app);
    const old = musician.musician.slug;
    await updateProfile(app, musician, { slug: freshSlug('moved') });
    const tip = await app.inject({
      method: 'POST',
      url: `/api/musicians/${old}/tips`,
      payload: { amount: 5, platform: 'venmo', tipper_name: 'A', message: 'x' },
    });
    expect(tip.statusCode).toBe(404);
  });

  it('saving the same slug again records nothing', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, { slug: musician.musician.slug, bio: 'Same link' });
    expect(await historyOf(musician)).toEqual([]);
  });

  it('lets a musician go back to their own old slug', async () => {
    const musician = await registerMusician(app);
    const original = musician.musician.slug;
    const other = freshSlug('detour');
    await updateProfile(app, musician, { slug: other });
    const back = await updateProfile(app, musician, { slug: original });
    expect(back.slug).toBe(original);
    expect(await historyOf(musician)).toEqual([other]);
    const page = await app.inject({ url: `/api/musicians/${original}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().id).toBe(musician.musician.id);
  });

  it('gives an old slug to another musician who claims it through the profile', async () => {
    const first = await registerMusician(app);
    const second = await registerMusician(app);
    const old = first.musician.slug;
    await updateProfile(app, first, { slug: freshSlug('first-new') });

    const claimed = await updateProfile(app, second, { slug: old });
    expect(claimed.slug).toBe(old);
    expect(await historyOf(first)).toEqual([]);
    const page = await app.inject({ url: `/api/musicians/${old}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().id).toBe(second.musician.id);
  });

  it('gives an old slug to a new musician who registers with that name', async () => {
    const first = await registerMusician(app, { name: `Claim Me ${++counter}` });
    const old = first.musician.slug;
    await updateProfile(app, first, { slug: freshSlug('elsewhere') });

    const newcomer = await registerMusician(app, { name: first.musician.name });
    expect(newcomer.musician.slug).toBe(old);
    expect(await historyOf(first)).toEqual([]);
    const page = await app.inject({ url: `/api/musicians/${old}` });
    expect(page.json().id).toBe(newcomer.musician.id);
  });

  it("still refuses another musician's current slug, recording nothing", async () => {
    const first = await registerMusician(app);
    const second = await registerMusician(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: second.auth,
      payload: { slug: first.musician.slug },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.slugTaken });
    expect(await historyOf(second)).toEqual([]);
  });

  it('answers 404 for a slug nobody ever used', async () => {
    const res = await app.inject({ url: `/api/musicians/${freshSlug('never')}/songs` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.musicianNotFound });
  });
});
