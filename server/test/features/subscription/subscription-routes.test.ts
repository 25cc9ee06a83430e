import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { SubscriptionStatus } from '#shared/schemas/subscription.ts';
import { createSong, registerMusician, submitRequest } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

describe('GET /api/subscription/status (free mode)', () => {
  it('answers every musician as Pro and active, with the audience link on', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: '/api/subscription/status', headers: musician.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json<SubscriptionStatus>()).toEqual({
      plan: 'pro',
      status: 'active',
      trial_eligible: false,
      trial_active: false,
      trial_end: null,
      trial_ends_at: null,
      days_remaining: null,
      audience_link_active: true,
      has_pro_access: true,
      next_invoice_date: null,
      grace_period_active: false,
      grace_period_ends_at: null,
      subscription_ends_at: null,
      can_reactivate: false,
      requests_used: 0,
      requests_limit: null,
    });
  });

  it("counts only this musician's requests of the month in requests_used", async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const song = await createSong(app, musician);
    const otherSong = await createSong(app, other);
    await submitRequest(app, song);
    await submitRequest(app, song, { requester_email: 'b@example.com' });
    await submitRequest(app, otherSong);
    const res = await app.inject({ url: '/api/subscription/status', headers: musician.auth });
    expect(res.json<SubscriptionStatus>().requests_used).toBe(2);
  });

  it('is for signed-in musicians only', async () => {
    const res = await app.inject({ url: '/api/subscription/status' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.loginRequired });
  });
});

describe('GET /api/subscription/checkout/status/{sessionId} (free mode)', () => {
  const url = (sessionId: string) =>
    `/api/subscription/checkout/status/${encodeURIComponent(sessionId)}`;

  it('answers a completed checkout that needed no payment', async () => {
    const musician = await registerMusician(app);
    for (const sessionId of ['cs_test_a1B2c3', 'x', 'a'.repeat(255)]) {
      const res = await app.inject({ url: url(sessionId), headers: musician.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ payment_status: 'no_payment_required', status: 'complete' });
    }
  });

  it('refuses a session id that no payment provider would hand out', async () => {
    const musician = await registerMusician(app);
    // (256 characters is past any address part's 255: 414 before the route, tested apart.)
    for (const sessionId of ['', 'cs/test', 'cs test', 'cs.test', '<script>', 'é']) {
      const res = await app.inject({ url: url(sessionId), headers: musician.auth });
      expect(res.statusCode, sessionId).toBe(400);
      expect(res.json()).toEqual({ detail: messages.checkoutSessionIdInvalid });
    }
  });

  it('is for signed-in musicians only', async () => {
    const res = await app.inject({ url: url('cs_test_1') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.loginRequired });
  });
});
