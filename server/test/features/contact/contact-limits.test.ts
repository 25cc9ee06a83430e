import { expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp({ limits: loadConfig({}).limits });

it('refuses a fourth contact message in an hour from one email, in words', async () => {
  const post = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Jo', email, message: 'Hello there' },
    });
  for (let i = 0; i < 3; i++) expect((await post('jo@example.com')).statusCode).toBe(201);
  const refused = await post('Jo@Example.com');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({
    detail: 'You have sent 3 messages in the last hour. Try again in 60 minutes.',
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3590);
  expect((await post('sam@example.com')).statusCode).toBe(201);
});
