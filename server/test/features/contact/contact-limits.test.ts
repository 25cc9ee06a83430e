import { expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const limits = loadConfig({}).limits;
const { app } = await startTestApp({ limits });

const post = (email: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress,
    payload: { name: 'Jo', email, message: 'Hello there' },
  });

it('refuses a fourth contact message in an hour from one email, in words', async () => {
  for (let i = 0; i < 3; i++) expect((await post('jo@example.com')).statusCode).toBe(201);
  const refused = await post('Jo@Example.com');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({
    detail: 'You have sent 3 messages in the last hour. Try again in 60 minutes.',
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3590);
  expect((await post('sam@example.com')).statusCode).toBe(201);
});

it('admits exactly 3 of 30 messages sent at once from one email', async () => {
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => post('racing@example.com', '192.0.2.10')),
  );
  const codes = answers.map((answer) => answer.statusCode);
  expect(codes.filter((code) => code === 201)).toHaveLength(3);
  expect(codes.filter((code) => code === 429)).toHaveLength(27);
  expect(answers.find((answer) => answer.statusCode === 429)?.json()).toEqual({
    detail: 'You have sent 3 messages in the last hour. Try again in 60 minutes.',
  });
  const stored = await app.database.kysely
    .selectFrom('contactMessages')
    .select('id')
    .where('email', '=', 'racing@example.com')
    .execute();
  expect(stored).toHaveLength(3);
});

it('holds one address to its cap however often it names a new email, and stores no address', async () => {
  const cap = limits.contactPerAddress.max;
  expect(cap).toBeGreaterThan(limits.contactPerEmail.max);
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => post(`rotating-${i}@example.com`, '192.0.2.20')),
  );
  const codes = answers.map((answer) => answer.statusCode);
  expect(codes.filter((code) => code === 201)).toHaveLength(cap);
  expect(answers.find((answer) => answer.statusCode === 429)?.json()).toEqual({
    detail: `You have sent ${cap} messages in the last hour. Try again in 60 minutes.`,
  });
  // Another address is not held back.
  expect((await post('elsewhere@example.com', '192.0.2.21')).statusCode).toBe(201);

  const stored = await app.database.kysely
    .selectFrom('contactMessages')
    .select(['email', 'source'])
    .where('email', 'like', 'rotating-%')
    .execute();
  expect(stored).toHaveLength(cap);
  expect(new Set(stored.map((row) => row.source)).size).toBe(1);
  expect(stored[0]?.source).toMatch(/^[0-9a-f]{32}$/);
});
