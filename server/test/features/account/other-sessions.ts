import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { TestMusician } from '#server-test/helpers/factories.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

/**
 * A musician's other sessions, and what a change of email or password must do to them: sign
 * them out, cut their sockets, void a reset code, and leave the device that made the change in.
 */
export function otherSessions(app: FastifyInstance, url: string) {
  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** A second device of the same musician: another sign-in with its own token. */
  async function signInAgain(musician: TestMusician) {
    const res = await login(musician.email, musician.password);
    const token = res.json<{ token: string }>().token;
    return { token, auth: { authorization: `Bearer ${token}` } };
  }

  /**
   * This device and another, both connected; after the change, `expectOnlyThisOneIn` checks
   * that the other was cut off and signed out while this one stays.
   */
  async function twoDevices(musician: TestMusician) {
    const other = await signInAgain(musician);
    const otherDevice = await connectDevice(url, other.token);
    const thisDevice = await connectDevice(url, musician.token);
    const disconnected = new Promise<string>((resolve) =>
      otherDevice.socket.once('disconnect', resolve),
    );
    return {
      async expectOnlyThisOneIn() {
        expect(await disconnected).toBe('io server disconnect');
        const otherProfile = await app.inject({ url: '/api/profile', headers: other.auth });
        expect(otherProfile.statusCode).toBe(401);
        expect(otherProfile.json()).toEqual({ detail: messages.sessionExpired });
        const thisProfile = await app.inject({ url: '/api/profile', headers: musician.auth });
        expect(thisProfile.statusCode).toBe(200);
        expect(thisDevice.socket.connected).toBe(true);
      },
    };
  }

  /** A reset code asked for and stored; the musician's reset rows, read again on each call. */
  async function pendingResetCode(musician: TestMusician) {
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: musician.email },
    });
    const resetsOf = () =>
      app.database.kysely
        .selectFrom('passwordResets')
        .selectAll()
        .where('musicianId', '=', musician.musician.id)
        .execute();
    // The code is stored just after the answer (so timing reveals no account): wait for it.
    await vi.waitFor(async () => expect(await resetsOf()).toHaveLength(1));
    return resetsOf;
  }

  return { login, signInAgain, twoDevices, pendingResetCode };
}
