import { expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import {
  paymentApps,
  postTip,
  registerMusician,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp({ limits: loadConfig({}).limits });

it('refuses the eleventh tip in 10 minutes from one phone, in words; retries are free', async () => {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, paymentApps());
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
  expect(refused.json()).toEqual({
    detail: 'You have sent 10 tips in the last 10 minutes. Try again in 10 minutes.',
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
  // Another phone at the same venue address is not held back.
  const other = { 'x-device-id': 'another-phone-0123456789ab' };
  expect((await postTip(app, musician, {}, other)).statusCode).toBe(201);
});
