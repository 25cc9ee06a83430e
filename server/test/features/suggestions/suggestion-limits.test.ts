import { expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { registerMusician, suggestionPayload } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp({ limits: loadConfig({}).limits });

it('refuses the fourth suggestion in 10 minutes from one email, in words', async () => {
  const musician = await registerMusician(app);
  const post = (title: string, email = 'jo@example.com') =>
    app.inject({
      method: 'POST',
      url: '/api/song-suggestions',
      payload: suggestionPayload(musician, { suggested_title: title, requester_email: email }),
    });
  for (const title of ['A', 'B', 'C']) expect((await post(title)).statusCode).toBe(201);
  const refused = await post('D', 'JO@example.com');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({
    detail: 'You have suggested 3 songs in the last 10 minutes. Try again in 10 minutes.',
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
  // Someone else at the same table is not held back.
  expect((await post('D', 'sam@example.com')).statusCode).toBe(201);
});
