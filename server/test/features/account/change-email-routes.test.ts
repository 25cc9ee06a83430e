import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { registerMusician, uniqueEmail } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';
import { otherSessions } from './other-sessions.ts';

const { app, url } = await startTestApp({}, { listen: true });
const { login, signInAgain, twoDevices, pendingResetCode } = otherSessions(app, url);

const changeEmail = (auth: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/profile/change-email', headers: auth, payload });

describe('PUT /api/profile/change-email', () => {
  it('keeps this device signed in and signs out and disconnects every other one, like a new password', async () => {
    const musician = await registerMusician(app);
    const devices = await twoDevices(musician);
    const feed = await app.inject({
      method: 'POST',
      url: '/api/feed-tokens',
      headers: musician.auth,
    });
    expect(feed.statusCode).toBe(201);

    const res = await changeEmail(musician.auth, {
      new_email: uniqueEmail('moved'),
      current_password: musician.password,
    });
    expect(res.statusCode).toBe(200);
    await devices.expectOnlyThisOneIn();
    const tokens = await app.inject({ url: '/api/feed-tokens', headers: musician.auth });
    expect(tokens.json()).toEqual({ tokens: [] });
  });

  it('voids a pending reset code sent to the old address', async () => {
    const musician = await registerMusician(app);
    const resetsOf = await pendingResetCode(musician);
    await changeEmail(musician.auth, {
      new_email: uniqueEmail('moved'),
      current_password: musician.password,
    });
    const rows = await resetsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.usedAt).not.toBeNull();
  });

  it('signs nobody out when it refuses the change', async () => {
    const musician = await registerMusician(app);
    const other = await signInAgain(musician);
    const taken = await registerMusician(app);
    const res = await changeEmail(musician.auth, {
      new_email: taken.email,
      current_password: musician.password,
    });
    expect(res.statusCode).toBe(409);
    const otherProfile = await app.inject({ url: '/api/profile', headers: other.auth });
    expect(otherProfile.statusCode).toBe(200);
  });

  it('changes the email (lower-cased), answering the updated musician', async () => {
    const musician = await registerMusician(app);
    const newEmail = uniqueEmail('moved');
    const res = await changeEmail(musician.auth, {
      new_email: `  ${newEmail.toUpperCase()} `,
      current_password: musician.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.emailUpdated,
      musician: { id: musician.musician.id, email: newEmail },
    });
    expect((await login(newEmail, musician.password)).statusCode).toBe(200);
    expect((await login(musician.email, musician.password)).statusCode).toBe(401);
    const profile = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(profile.json<Musician>().email).toBe(newEmail);
  });

  it("tells the musician's other devices through profile:updated", async () => {
    const musician = await registerMusician(app);
    const device = await connectDevice(url, musician.token);
    const newEmail = uniqueEmail('moved');
    await changeEmail(musician.auth, { new_email: newEmail, current_password: musician.password });
    const payload = await device.waitFor<Musician>(
      'profile:updated',
      (musicianNow) => musicianNow.email === newEmail,
    );
    expect(payload.id).toBe(musician.musician.id);
  });

  it('refuses a wrong current password with a 400 and keeps the email', async () => {
    const musician = await registerMusician(app);
    const res = await changeEmail(musician.auth, {
      new_email: uniqueEmail(),
      current_password: 'wrong password 9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.currentPasswordIncorrect });
    expect((await login(musician.email, musician.password)).statusCode).toBe(200);
  });

  it('refuses the current email, in any case', async () => {
    const musician = await registerMusician(app);
    const res = await changeEmail(musician.auth, {
      new_email: musician.email.toUpperCase(),
      current_password: musician.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.newEmailSameAsCurrent });
  });

  it("refuses another musician's email with 409", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const res = await changeEmail(musician.auth, {
      new_email: other.email,
      current_password: musician.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.emailTaken });
  });

  it.each([
    [{ current_password: 'correct horse 1' }, messages.allFieldsRequired],
    [{ new_email: '  ', current_password: 'correct horse 1' }, messages.allFieldsRequired],
    [{ new_email: 'someone@example.com' }, messages.allFieldsRequired],
    [{ new_email: 'someone@example.com', current_password: '' }, messages.allFieldsRequired],
    [{ new_email: 'not-an-email', current_password: 'correct horse 1' }, messages.emailInvalid],
    [{ new_email: 'a b@example.com', current_password: 'correct horse 1' }, messages.emailInvalid],
  ])('refuses %j', async (payload, detail) => {
    const musician = await registerMusician(app);
    const res = await changeEmail(musician.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('needs a signed-in musician', async () => {
    const res = await changeEmail(
      {},
      { new_email: uniqueEmail(), current_password: 'correct horse 1' },
    );
    expect(res.statusCode).toBe(401);
  });
});
