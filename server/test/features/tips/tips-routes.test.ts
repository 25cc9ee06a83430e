import { describe, expect, it } from 'vitest';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { ProfileUpdateBody } from '#shared/schemas/musician.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  createSong,
  paymentApps,
  postTip,
  registerMusician,
  sendTip,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

async function musicianWith(profile: ProfileUpdateBody = paymentApps()): Promise<TestMusician> {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, profile);
  return musician;
}

const storedTips = (musician: TestMusician) =>
  app.database.kysely
    .selectFrom('tips')
    .selectAll()
    .where('musicianId', '=', musician.musician.id)
    .execute();

const listRequests = async (musician: TestMusician) =>
  (
    await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: musician.auth,
    })
  ).json<{ requests: SongRequest[] }>().requests;

describe('POST /api/musicians/:slug/tips', () => {
  it('records the tip and answers 201 with it', async () => {
    const musician = await musicianWith();
    const res = await postTip(app, musician, {
      amount: 12.345,
      platform: 'paypal',
      tipper_name: '  Robin  ',
      message: 'Encore!',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      amount: 12.35,
      platform: 'paypal',
      created_at: expect.any(String),
    });
    const [stored] = await storedTips(musician);
    expect(stored).toMatchObject({
      id: res.json().id,
      // Money is read as text from both engines (db/tables.ts).
      amount: '12.35',
      platform: 'paypal',
      tipperName: 'Robin',
      message: 'Encore!',
      requestId: null,
    });
  });

  it("records 'Anonymous' and an empty message when they are left out", async () => {
    const musician = await musicianWith();
    await sendTip(app, musician, { tipper_name: undefined, message: undefined });
    await sendTip(app, musician, { tipper_name: '   ', message: null });
    for (const stored of await storedTips(musician)) {
      expect(stored).toMatchObject({ tipperName: 'Anonymous', message: '' });
    }
  });

  it('takes each app that is enabled and set up, Zelle with an email or a phone', async () => {
    const musician = await musicianWith();
    for (const platform of ['venmo', 'paypal', 'cashapp', 'zelle'] as const) {
      expect((await postTip(app, musician, { platform })).statusCode).toBe(201);
    }
    const byPhone = await musicianWith(paymentApps({ zelle_email: '', zelle_phone: '555-0100' }));
    expect((await postTip(app, byPhone, { platform: 'zelle' })).statusCode).toBe(201);
  });

  it.each([
    ['venmo', { venmo_enabled: false }, 'Venmo'],
    ['venmo', { venmo_username: '' }, 'Venmo'],
    ['paypal', { paypal_enabled: false }, 'PayPal'],
    ['paypal', { paypal_username: '' }, 'PayPal'],
    ['cashapp', { cash_app_enabled: false }, 'Cash App'],
    ['cashapp', { cash_app_username: '' }, 'Cash App'],
    ['zelle', { zelle_enabled: false }, 'Zelle'],
    ['zelle', { zelle_email: '', zelle_phone: '' }, 'Zelle'],
  ] as const)('refuses %s when %o, naming the app', async (platform, change, provider) => {
    const musician = await musicianWith(paymentApps(change));
    const res = await postTip(app, musician, { platform });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: fill(messages.tipProviderNotSetUp, { provider }) });
    expect(await storedTips(musician)).toEqual([]);
  });

  it.each([
    ['tips are off', paymentApps({ tips_enabled: false })],
    ['no app is set up', { tips_enabled: true }],
  ])('refuses every tip when %s', async (_name, profile) => {
    const musician = await musicianWith(profile);
    const res = await postTip(app, musician);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.tipNoPaymentMethods });
    expect(await storedTips(musician)).toEqual([]);
  });

  it('answers 404 for an unknown musician', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/musicians/nobody-here/tips',
      payload: { amount: 5, platform: 'venmo' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.musicianNotFound });
  });

  it.each([
    [0, messages.tipAmountInvalid],
    [-1, messages.tipAmountInvalid],
    [500.01, messages.tipAmountTooHigh],
    ['abc', messages.tipAmountInvalid],
    ['NaN', messages.tipAmountInvalid],
    ['Infinity', messages.tipAmountInvalid],
    ['1e309', messages.tipAmountInvalid],
    // Text is read as dollars written out, not as JavaScript reads a number ($16, $100, $1).
    ['0x10', messages.tipAmountInvalid],
    ['1e2', messages.tipAmountInvalid],
    ['0b1', messages.tipAmountInvalid],
    ['5,00', messages.tipAmountInvalid],
    [null, messages.tipAmountInvalid],
    [true, messages.tipAmountInvalid],
    [[5], messages.tipAmountInvalid],
    [{}, messages.tipAmountInvalid],
  ])('refuses the amount %j', async (amount, detail) => {
    const musician = await musicianWith();
    const res = await postTip(app, musician, { amount: amount as number });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect(await storedTips(musician)).toEqual([]);
  });

  it('accepts the amount as text, as a form field sends it', async () => {
    const musician = await musicianWith();
    expect((await sendTip(app, musician, { amount: '20' })).amount).toBe(20);
    expect((await sendTip(app, musician, { amount: ' 12.5 ' })).amount).toBe(12.5);
    expect((await sendTip(app, musician, { amount: '.75' })).amount).toBe(0.75);
  });

  it('refuses an unknown platform', async () => {
    const musician = await musicianWith();
    for (const platform of ['bitcoin', '', 5, null, 'VENMO']) {
      const res = await postTip(app, musician, { platform: platform as 'venmo' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.tipPlatformInvalid });
    }
  });

  describe('with an Idempotency-Key', () => {
    it('records nothing new on a retry and answers the same tip', async () => {
      const musician = await musicianWith();
      const headers = { 'idempotency-key': 'tip-phone-7-attempt' };
      const first = await sendTip(app, musician, { amount: 5 }, headers);
      const retry = await sendTip(app, musician, { amount: 5 }, headers);
      expect(retry).toEqual(first);
      const other = await sendTip(app, musician, { amount: 5 }, { 'idempotency-key': 'another' });
      expect(other.id).not.toBe(first.id);
      expect(await storedTips(musician)).toHaveLength(2);
    });

    it('answers the recorded tip even after the musician turned tips off', async () => {
      const musician = await musicianWith();
      const headers = { 'idempotency-key': 'sent-before-tips-off' };
      const first = await sendTip(app, musician, {}, headers);
      await updateProfile(app, musician, { tips_enabled: false });
      expect(await sendTip(app, musician, {}, headers)).toEqual(first);
    });

    it('keeps the keys of different musicians apart', async () => {
      const a = await musicianWith();
      const b = await musicianWith();
      const headers = { 'idempotency-key': 'same-key-two-pages' };
      const tipA = await sendTip(app, a, {}, headers);
      const tipB = await sendTip(app, b, {}, headers);
      expect(tipB.id).not.toBe(tipA.id);
    });

    it('records a retried tip exactly once when both arrive together', async () => {
      const musician = await musicianWith();
      const headers = { 'idempotency-key': 'double-tap' };
      const [one, two] = await Promise.all([
        sendTip(app, musician, {}, headers),
        sendTip(app, musician, {}, headers),
      ]);
      expect(two).toEqual(one);
      expect(await storedTips(musician)).toHaveLength(1);
    });

    it('refuses a malformed key', async () => {
      const musician = await musicianWith();
      const res = await postTip(app, musician, {}, { 'idempotency-key': 'x'.repeat(201) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.idempotencyKeyInvalid });
    });
  });

  describe('after a request', () => {
    it("puts the tip on the musician's request and shows it live on their devices", async () => {
      const musician = await musicianWith();
      const song = await createSong(app, musician);
      const { id } = await submitRequest(app, song);
      const laptop = await connectDevice(url, musician.token);

      await sendTip(app, musician, { amount: 7.5, request_id: id });

      const pushed = await laptop.waitFor<SongRequest>(
        'request:updated',
        (request) => request.id === id,
      );
      expect(pushed).toMatchObject({ id, tip_amount: 7.5, tip_clicked: true });
      const [listed] = await listRequests(musician);
      expect(listed).toEqual(pushed);
      const [stored] = await storedTips(musician);
      expect(stored!.requestId).toBe(id);
    });

    it("ignores another musician's request id without a word", async () => {
      const musician = await musicianWith();
      const other = await musicianWith();
      const { id } = await submitRequest(app, await createSong(app, other));

      const res = await postTip(app, musician, { request_id: id });
      const unknown = await postTip(app, musician, {
        request_id: '00000000-0000-4000-8000-000000000000',
      });
      // Both answers look alike: nothing tells whether the request exists.
      expect(res.statusCode).toBe(201);
      expect(unknown.statusCode).toBe(201);
      expect(Object.keys(res.json())).toEqual(Object.keys(unknown.json()));
      expect((await storedTips(musician)).map((tip) => tip.requestId)).toEqual([null, null]);
      const [untouched] = await listRequests(other);
      expect(untouched).toMatchObject({ id, tip_amount: 0, tip_clicked: false });
    });

    it('refuses a request id that is not an id', async () => {
      const musician = await musicianWith();
      const res = await postTip(app, musician, { request_id: 'not-a-uuid' });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    });
  });

  describe('hostile input', () => {
    const hostile = {
      'a NUL byte': 'Robin\u0000DROP',
      '10,000 characters': 'x'.repeat(10_000),
    };

    it.each(Object.entries(hostile))(
      'refuses %s in the name or message with a 4xx',
      async (_n, text) => {
        const musician = await musicianWith();
        for (const field of ['tipper_name', 'message'] as const) {
          const res = await postTip(app, musician, { [field]: text });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().detail).toEqual(expect.any(String));
        }
        expect(await storedTips(musician)).toEqual([]);
      },
    );

    it('refuses a NUL byte with a sentence a person can act on', async () => {
      const musician = await musicianWith();
      const res = await postTip(app, musician, { tipper_name: 'Ro\u0000bin' });
      expect(res.json()).toEqual({ detail: messages.textHasNulCharacter });
    });

    it('takes emoji in the name and the message', async () => {
      const musician = await musicianWith();
      await sendTip(app, musician, { tipper_name: 'Ana 🎸', message: '🔥🔥🔥' });
      const [stored] = await storedTips(musician);
      expect(stored).toMatchObject({ tipperName: 'Ana 🎸', message: '🔥🔥🔥' });
    });

    it.each([
      ['emoji', { platform: '🎸' }],
      ['a NUL byte', { platform: 'venmo\u0000' }],
      ['a huge platform', { platform: 'v'.repeat(10_000) }],
      ['a NUL byte in the request id', { request_id: '\u0000' }],
      ['a huge request id', { request_id: 'a'.repeat(10_000) }],
    ])('refuses %s in the other fields with a 4xx', async (_name, payload) => {
      const musician = await musicianWith();
      const res = await postTip(app, musician, payload as object);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    });

    it('refuses a body that is not an object', async () => {
      const musician = await musicianWith();
      for (const payload of ['"just text"', '[1,2]', 'null', '{bad json']) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/musicians/${musician.musician.slug}/tips`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().detail).toEqual(expect.any(String));
      }
    });
  });
});

describe('tips are rate-limited like the other public writes', () => {
  it('refuses the fourth tip a minute from one address with 429', async () => {
    const limited = await startTestApp({ rateLimit: { publicWritesPerIpPerMinute: 3 } });
    const musician = await registerMusician(limited.app);
    await updateProfile(limited.app, musician, paymentApps());
    const tip = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: `/api/musicians/${musician.musician.slug}/tips`,
        remoteAddress: ip,
        payload: { amount: 1, platform: 'venmo' },
      });
    for (let i = 0; i < 3; i++) expect((await tip('10.9.0.1')).statusCode).toBe(201);
    const refused = await tip('10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: messages.tooManyRequests });
    expect((await tip('10.9.0.2')).statusCode).toBe(201);
  });
});
