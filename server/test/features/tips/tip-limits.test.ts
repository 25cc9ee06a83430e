import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import {
  paymentApps,
  postTip,
  registerMusician,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { createTestDatabase } from '#server-test/helpers/test-database.ts';

const limits = loadConfig({}).limits;
const { app } = await startTestApp({ limits });

const REFUSED = 'You have sent 10 tips in the last 10 minutes. Try again in 10 minutes.';

async function tippableMusician(on: FastifyInstance = app): Promise<TestMusician> {
  const musician = await registerMusician(on);
  await updateProfile(on, musician, paymentApps());
  return musician;
}

it('refuses the eleventh tip in 10 minutes from one phone, in words; retries are free', async () => {
  const musician = await tippableMusician();
  const phone = { 'x-device-id': 'tipping-phone-0123456789ab' };
  for (let i = 0; i < 10; i++) {
    const key = { ...phone, 'idempotency-key': `tip-${i}` };
    expect((await postTip(app, musician, { amount: i + 1 }, key)).statusCode).toBe(201);
  }
  // A retry of an accepted tip is still answered at the limit.
  const retry = await postTip(
    app,
    musician,
    { amount: 1 },
    { ...phone, 'idempotency-key': 'tip-0' },
  );
  expect(retry.statusCode).toBe(201);

  const refused = await postTip(app, musician, {}, phone);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ detail: REFUSED });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
  // Another phone at the same venue address is not held back.
  const other = { 'x-device-id': 'another-phone-0123456789ab' };
  expect((await postTip(app, musician, {}, other)).statusCode).toBe(201);
});

it("keeps the phone's id on its tips and counts the tips the database holds for it", async () => {
  const musician = await tippableMusician();
  const deviceId = 'stored-phone-0123456789abcd';
  expect((await postTip(app, musician, {}, { 'x-device-id': deviceId })).statusCode).toBe(201);
  const db = app.database.kysely;
  const mine = await db
    .selectFrom('tips')
    .select('deviceId')
    .where('musicianId', '=', musician.musician.id)
    .where('deviceId', '=', deviceId)
    .execute();
  expect(mine).toEqual([{ deviceId }]);

  // Nine more, filed by another process as far as this one can tell: the limit is reached.
  await db
    .insertInto('tips')
    .values(
      Array.from({ length: 9 }, () => ({
        musicianId: musician.musician.id,
        amount: 5,
        platform: 'venmo' as const,
        deviceId,
      })),
    )
    .execute();
  const refused = await postTip(app, musician, {}, { 'x-device-id': deviceId });
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ detail: REFUSED });
});

it('limits a phone that sends no id by its address, and stores no address', async () => {
  const musician = await tippableMusician();
  const tip = (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/musicians/${musician.musician.slug}/tips`,
      headers,
      remoteAddress,
      payload: { amount: 5, platform: 'venmo', tipper_name: 'Alex', message: 'Thanks!' },
    });
  for (let i = 0; i < 10; i++) expect((await tip('203.0.113.7')).statusCode).toBe(201);
  const refused = await tip('203.0.113.7');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ detail: REFUSED });
  // Another address, and a phone with its own id at the same address, are not held back.
  expect((await tip('203.0.113.8')).statusCode).toBe(201);
  const phone = { 'x-device-id': 'venue-wifi-phone-0123456789' };
  expect((await tip('203.0.113.7', phone)).statusCode).toBe(201);

  const stored = await app.database.kysely
    .selectFrom('tips')
    .select('deviceId')
    .where('musicianId', '=', musician.musician.id)
    .execute();
  expect(stored.every((row) => !row.deviceId.includes('203.0.113'))).toBe(true);
});

it('admits exactly the limit of 40 tips sent at once from one phone', async () => {
  const musician = await tippableMusician();
  const phone = { 'x-device-id': 'racing-phone-0123456789abcd' };
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => postTip(app, musician, {}, phone)),
  );
  const codes = answers.map((answer) => answer.statusCode);
  expect(codes.filter((code) => code === 201)).toHaveLength(limits.tipsPerRequester.max);
  expect(codes.filter((code) => code === 429)).toHaveLength(40 - limits.tipsPerRequester.max);
  expect(answers.find((answer) => answer.statusCode === 429)?.json()).toEqual({ detail: REFUSED });
  const stored = await app.database.kysely
    .selectFrom('tips')
    .select('id')
    .where('musicianId', '=', musician.musician.id)
    .execute();
  expect(stored).toHaveLength(limits.tipsPerRequester.max);
});

it('holds one address to its cap however often it names a new X-Device-Id, and stores no address', async () => {
  const musician = await tippableMusician();
  const cap = limits.tipsPerAddress.max;
  // Above one phone's limit (a venue's phones share the router), below 60.
  expect(cap).toBeGreaterThan(limits.tipsPerRequester.max);
  expect(cap).toBeLessThan(60);
  const tip = (i: number, remoteAddress = '198.51.100.23') =>
    app.inject({
      method: 'POST',
      url: `/api/musicians/${musician.musician.slug}/tips`,
      headers: { 'x-device-id': `rotated-phone-${String(i).padStart(12, '0')}` },
      remoteAddress,
      payload: { amount: 5, platform: 'venmo', tipper_name: 'Alex', message: 'Thanks!' },
    });
  const codes: number[] = [];
  for (let i = 0; i < 60; i++) codes.push((await tip(i)).statusCode);
  expect(codes.slice(0, cap).every((code) => code === 201)).toBe(true);
  expect(codes.slice(cap).every((code) => code === 429)).toBe(true);
  const refused = await tip(60);
  expect(refused.statusCode).toBe(429);
  expect(refused.json<{ detail: string }>().detail).toMatch(
    /^So many people are writing to this musician right now\. Please try again in \d+ minutes?\.$/,
  );
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // Another address is not held back.
  expect((await tip(61, '198.51.100.24')).statusCode).toBe(201);

  const sources = await app.database.kysely
    .selectFrom('tips')
    .select('source')
    .where('musicianId', '=', musician.musician.id)
    .execute();
  expect(sources).toHaveLength(cap + 1);
  expect(new Set(sources.map((row) => row.source)).size).toBe(2);
  expect(sources.every((row) => /^[0-9a-f]{32}$/.test(row.source ?? ''))).toBe(true);
});

// Two processes need one shared database: the embedded one belongs to a single process.
describe.runIf(process.env.TEST_DB === 'postgres')('two server processes', () => {
  it("share a phone's tip limit through the database", async () => {
    const database = await createTestDatabase();
    const config = testConfig({ database: database.options, limits, logLevel: 'silent' });
    const first = await buildApp(config);
    const second = await buildApp(config);
    cleanUpLater(async () => {
      await first.close();
      await second.close();
      await database.drop();
    });
    const musician = await tippableMusician(first);
    const phone = { 'x-device-id': 'two-process-phone-0123456789' };
    // The phone's tips land on either process, as a load balancer hands them out.
    for (let i = 0; i < 10; i++) {
      const process = i % 2 === 0 ? first : second;
      expect((await postTip(process, musician, {}, phone)).statusCode).toBe(201);
    }
    for (const process of [first, second]) {
      const refused = await postTip(process, musician, {}, phone);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: REFUSED });
    }
  });
});
