import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { FEED_CLOSE } from '#shared/schemas/feed.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectFeed, createFeedToken } from './feed-client.ts';

// Development mode answers the reset code, so a test can reset without reading mail.
const { app, url } = await startTestApp({ exposeResetCode: true }, { listen: true });

/** A musician with two feed tokens, a feed open past its hello on each. */
async function musicianWithFeeds() {
  const musician = await registerMusician(app);
  const feeds = [];
  for (let i = 0; i < 2; i++) {
    const { token } = await createFeedToken(app, musician);
    const feed = connectFeed(url, { token });
    await feed.waitFor('hello');
    feeds.push({ token, feed });
  }
  return { musician, feeds };
}

/** Every feed was closed as revoked, no token opens a feed any more, and none is stored. */
async function expectAllRevoked(
  musician: TestMusician,
  feeds: Awaited<ReturnType<typeof musicianWithFeeds>>['feeds'],
) {
  for (const { feed, token } of feeds) {
    // Closed by the change itself: the heartbeat's check would come only after 30 s, past the
    // test's timeout.
    expect(await feed.closed).toEqual({
      code: FEED_CLOSE.tokenRefused,
      reason: messages.feedTokenInvalid,
    });
    const again = await app.inject({ url: `/api/feed?token=${token}` });
    expect(again.statusCode).toBe(401);
  }
  expect(app.feedHub.openCount(musician.musician.id)).toBe(0);
  const stored = await app.database.kysely
    .selectFrom('feedTokens')
    .selectAll()
    .where('musicianId', '=', musician.musician.id)
    .execute();
  expect(stored).toEqual([]);
}

describe('feed tokens end with the sessions', () => {
  it('a password change revokes every feed token and closes their feeds at once', async () => {
    const { musician, feeds } = await musicianWithFeeds();
    const other = await musicianWithFeeds();

    const res = await app.inject({
      method: 'PUT',
      url: '/api/profile/change-password',
      headers: musician.auth,
      payload: { current_password: musician.password, new_password: 'changed pass 9' },
    });
    expect(res.statusCode).toBe(200);

    await expectAllRevoked(musician, feeds);
    // Another musician's feeds stay open.
    for (const { feed } of other.feeds) expect(feed.socket.readyState).toBe(feed.socket.OPEN);
  });

  it('a password reset revokes every feed token and closes their feeds at once', async () => {
    const { musician, feeds } = await musicianWithFeeds();
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: musician.email },
    });
    const code = forgot.json<{ reset_code: string }>().reset_code;

    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: musician.email, reset_code: code, new_password: 'reset pass 9' },
    });
    expect(res.statusCode).toBe(200);

    await expectAllRevoked(musician, feeds);
  });

  it('deleting the account closes its open feeds at once', async () => {
    const { musician, feeds } = await musicianWithFeeds();

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: musician.auth,
      payload: { confirmation_text: 'DELETE', current_password: musician.password },
    });
    expect(res.statusCode).toBe(200);

    await expectAllRevoked(musician, feeds);
  });
});
