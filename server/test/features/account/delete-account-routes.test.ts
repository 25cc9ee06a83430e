import { describe, expect, it } from 'vitest';
import { FRESH_SIGN_IN_MINUTES } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  createPlaylist,
  createSong,
  registerMusician,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });
const db = app.database.kysely;

const deleteAccount = (auth: Record<string, string>, payload?: object) =>
  app.inject({
    method: 'DELETE',
    url: '/api/account/delete',
    headers: auth,
    ...(payload ? { payload } : {}),
  });

describe('DELETE /api/account/delete', () => {
  it("removes all of the musician's data and no one else's", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const song = await createSong(app, musician);
    const otherSong = await createSong(app, other);
    await createPlaylist(app, musician, { song_ids: [song.id] });
    await submitRequest(app, song);
    await submitRequest(app, otherSong);
    await updateProfile(app, musician, { slug: `gone-${musician.musician.slug}` });

    const res = await deleteAccount(musician.auth, {
      confirmation_text: 'DELETE',
      current_password: musician.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.accountDeleted });

    const id = musician.musician.id;
    expect(await db.selectFrom('musicians').selectAll().where('id', '=', id).execute()).toEqual([]);
    const owned = [
      'songs',
      'playlists',
      'requests',
      'authSessions',
      'musicianSlugHistory',
    ] as const;
    for (const table of owned) {
      const left = await db.selectFrom(table).select('musicianId').where('musicianId', '=', id);
      expect(await left.execute()).toEqual([]);
    }
    const publicPage = await app.inject({ url: `/api/musicians/${musician.musician.slug}` });
    expect(publicPage.statusCode).toBe(404);

    const otherSongs = await app.inject({ url: '/api/songs', headers: other.auth });
    expect(otherSongs.statusCode).toBe(200);
    const otherRequests = await db
      .selectFrom('requests')
      .selectAll()
      .where('musicianId', '=', other.musician.id)
      .execute();
    expect(otherRequests.length).toBe(1);
  });

  it('ends every session and disconnects every device of the musician', async () => {
    const musician = await registerMusician(app);
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: musician.email, password: musician.password },
    });
    const secondToken = second.json<{ token: string }>().token;
    const devices = [
      await connectDevice(url, musician.token),
      await connectDevice(url, secondToken),
    ];
    const disconnected = devices.map(
      (device) => new Promise<string>((resolve) => device.socket.once('disconnect', resolve)),
    );

    expect(
      (
        await deleteAccount(musician.auth, {
          confirmation_text: 'DELETE',
          current_password: musician.password,
        })
      ).statusCode,
    ).toBe(200);
    expect(await Promise.all(disconnected)).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
    for (const token of [musician.token, secondToken]) {
      const res = await app.inject({
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: musician.email, password: musician.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    [undefined],
    [{}],
    [{ confirmation_text: 'delete' }],
    [{ confirmation_text: ' DELETE ' }],
    [{ confirmation_text: 'yes' }],
  ])('refuses %j without deleting anything', async (payload) => {
    const musician = await registerMusician(app);
    const res = await deleteAccount(
      musician.auth,
      payload && { ...payload, current_password: musician.password },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.deleteConfirmationRequired });
    expect((await app.inject({ url: '/api/profile', headers: musician.auth })).statusCode).toBe(
      200,
    );
  });

  it('needs a signed-in musician', async () => {
    expect(
      (await deleteAccount({}, { confirmation_text: 'DELETE', current_password: 'whatever 1' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/account/delete asks for proof, as change-email does', () => {
  const stillThere = async (musician: TestMusician) =>
    (await app.inject({ url: '/api/profile', headers: musician.auth })).statusCode;

  it('refuses without the current password, saying what to type', async () => {
    const musician = await registerMusician(app);
    const res = await deleteAccount(musician.auth, { confirmation_text: 'DELETE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.deletePasswordRequired });
    expect(await stillThere(musician)).toBe(200);
  });

  it('refuses a wrong password', async () => {
    const musician = await registerMusician(app);
    const res = await deleteAccount(musician.auth, {
      confirmation_text: 'DELETE',
      current_password: 'not my password 1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.currentPasswordIncorrect });
    expect(await stillThere(musician)).toBe(200);
  });

  it('takes a fresh sign-in instead of a password for an identity-provider account', async () => {
    const musician = await registerMusician(app);
    await linkToProvider(musician);
    const res = await deleteAccount(musician.auth, { confirmation_text: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect(await stillThere(musician)).toBe(401);
  });

  it('asks an identity-provider account signed in a while ago to sign in again', async () => {
    const musician = await registerMusician(app);
    await linkToProvider(musician);
    await db
      .updateTable('authSessions')
      .set({ createdAt: new Date(Date.now() - (FRESH_SIGN_IN_MINUTES + 1) * 60_000) })
      .where('musicianId', '=', musician.musician.id)
      .execute();
    const res = await deleteAccount(musician.auth, { confirmation_text: 'DELETE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.deleteNeedsFreshSignIn });
    expect(await stillThere(musician)).toBe(200);

    // Its password, when it has set one, still works.
    const withPassword = await deleteAccount(musician.auth, {
      confirmation_text: 'DELETE',
      current_password: musician.password,
    });
    expect(withPassword.statusCode).toBe(200);
  });

  it('shares the sign-in rate limit against password guessing', async () => {
    const limitedApp = (await startTestApp({ rateLimit: { authPerIpPerMinute: 2 } })).app;
    const musician = await registerMusician(limitedApp);
    const guess = () =>
      limitedApp.inject({
        method: 'DELETE',
        url: '/api/account/delete',
        headers: musician.auth,
        payload: { confirmation_text: 'DELETE', current_password: 'guess guess 1' },
      });
    // Registering spent one of the two.
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });
});

/** Links the musician to an identity-provider account, as a first provider sign-in does. */
async function linkToProvider(musician: TestMusician) {
  await db
    .updateTable('musicians')
    .set({ oidcIssuer: 'https://id.example.com', oidcSubject: `sub-${musician.musician.id}` })
    .where('id', '=', musician.musician.id)
    .execute();
}
