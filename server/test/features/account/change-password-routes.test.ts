import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { otherSessions } from './other-sessions.ts';

const { app, url, rawLogs } = await startTestApp({}, { listen: true });
const { login, signInAgain, twoDevices, pendingResetCode } = otherSessions(app, url);

const changePassword = (auth: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/profile/change-password', headers: auth, payload });

describe('PUT /api/profile/change-password', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const musician = await registerMusician(app);
    const res = await changePassword(musician.auth, {
      current_password: musician.password,
      new_password: 'fresh start 42',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.passwordUpdated });
    expect((await login(musician.email, 'fresh start 42')).statusCode).toBe(200);
    expect((await login(musician.email, musician.password)).statusCode).toBe(401);
  });

  it('keeps this device signed in and signs out and disconnects every other one', async () => {
    const musician = await registerMusician(app);
    const devices = await twoDevices(musician);

    const res = await changePassword(musician.auth, {
      current_password: musician.password,
      new_password: 'fresh start 42',
    });
    expect(res.statusCode).toBe(200);
    await devices.expectOnlyThisOneIn();
  });

  it('voids a pending reset code made for the old password', async () => {
    const musician = await registerMusician(app);
    const resetsOf = await pendingResetCode(musician);
    await changePassword(musician.auth, {
      current_password: musician.password,
      new_password: 'fresh start 42',
    });
    const rows = await resetsOf();
    expect(rows.length).toBe(1);
    expect(rows[0]!.usedAt).not.toBeNull();
  });

  it('refuses a wrong current password with a 400 and changes nothing', async () => {
    const musician = await registerMusician(app);
    const other = await signInAgain(musician);
    const res = await changePassword(musician.auth, {
      current_password: 'not my password 1',
      new_password: 'fresh start 42',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.currentPasswordIncorrect });
    expect((await login(musician.email, musician.password)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/profile', headers: other.auth })).statusCode).toBe(200);
  });

  it.each([
    [{ new_password: 'fresh start 42' }, messages.allFieldsRequired],
    [{ current_password: '', new_password: 'fresh start 42' }, messages.allFieldsRequired],
    [{ current_password: 'correct horse 1' }, messages.allFieldsRequired],
    [{ current_password: 'correct horse 1', new_password: '' }, messages.allFieldsRequired],
    [{ current_password: 'correct horse 1', new_password: 'abc1' }, messages.newPasswordTooShort],
    [
      { current_password: 'correct horse 1', new_password: '12345678' },
      messages.newPasswordNeedsLetter,
    ],
    [
      { current_password: 'correct horse 1', new_password: 'no digits here' },
      messages.newPasswordNeedsNumber,
    ],
    [
      { current_password: 'correct horse 1', new_password: 'correct horse 1' },
      messages.newPasswordSameAsCurrent,
    ],
  ])('refuses %j with the rule it breaks', async (payload, detail) => {
    const musician = await registerMusician(app, { password: 'correct horse 1' });
    const res = await changePassword(musician.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('needs a signed-in musician', async () => {
    const res = await changePassword(
      {},
      { current_password: 'correct horse 1', new_password: 'fresh start 42' },
    );
    expect(res.statusCode).toBe(401);
  });

  it('never writes either password to the log', async () => {
    const musician = await registerMusician(app, { password: 'secret-old-pass 1' });
    await changePassword(musician.auth, {
      current_password: 'secret-old-pass 1',
      new_password: 'secret-new-pass 2',
    });
    expect(rawLogs()).toContain('change-password');
    expect(rawLogs()).not.toContain('secret-old-pass');
    expect(rawLogs()).not.toContain('secret-new-pass');
  });
});
