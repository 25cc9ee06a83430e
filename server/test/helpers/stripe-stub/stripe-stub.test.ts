import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cleanUpLater } from '../cleanup.ts';
import { parseFormBody } from './form-body.ts';
import { startStripeStub } from './stripe-stub.ts';

/** The app's side: a webhook endpoint verifying signatures as the SDK documents. */
async function startWebhookEndpoint(secret: () => string) {
  const received: Stripe.Event[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const event = Stripe.webhooks.constructEvent(
        body,
        req.headers['stripe-signature'] as string,
        secret(),
      );
      received.push(event);
      res.writeHead(200).end();
    } catch {
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanUpLater(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/payments/webhook`, received };
}

async function setUp() {
  const webhookSecret = 'whsec_stub_test';
  const endpoint = await startWebhookEndpoint(() => webhookSecret);
  const stub = await startStripeStub({ webhookUrl: endpoint.url, webhookSecret });
  expect(stub.webhookSecret).toBe(webhookSecret);
  const { hostname, port, protocol } = new URL(stub.url);
  const stripe = new Stripe(stub.secretKey, {
    host: hostname,
    port: Number(port),
    protocol: protocol.slice(0, -1) as 'http',
    maxNetworkRetries: 0,
  });
  return { stub, stripe, received: endpoint.received };
}

async function openSession(stripe: Stripe, destination?: string) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Tip for Ada' } },
      },
    ],
    success_url: 'http://app.test/ada?checkout={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/ada',
    metadata: { payment_id: 'pay-1' },
    payment_intent_data: destination
      ? { transfer_data: { destination }, metadata: { payment_id: 'pay-1' } }
      : { metadata: { payment_id: 'pay-1' } },
  });
}

describe('the form parser', () => {
  it('nests bracketed keys into objects and arrays', () => {
    const body =
      'line_items[0][price_data][unit_amount]=500&line_items[0][quantity]=1' +
      '&payment_intent_data[transfer_data][destination]=acct_1&metadata[payment_id]=p%201' +
      '&expand[0]=latest_charge.balance_transaction&expand[]=x&note=a+b';
    expect(parseFormBody(body)).toEqual({
      line_items: [{ price_data: { unit_amount: '500' }, quantity: '1' }],
      payment_intent_data: { transfer_data: { destination: 'acct_1' } },
      metadata: { payment_id: 'p 1' },
      expand: ['latest_charge.balance_transaction', 'x'],
      note: 'a b',
    });
  });

  it('ignores keys that would reach the prototype', () => {
    expect(parseFormBody('__proto__[polluted]=1&a[constructor][x]=1')).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the Stripe stub, driven by the real SDK', () => {
  it('onboards a connected account through its link and tells the app', async () => {
    const { stub, stripe, received } = await setUp();
    const account = await stripe.accounts.create({ type: 'express', email: 'ada@example.com' });
    expect(account).toMatchObject({ object: 'account', charges_enabled: false });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://app.test/dashboard?stripe=return',
      refresh_url: 'http://app.test/dashboard?stripe=refresh',
    });
    expect(link.url).toBe(`${stub.url}/onboarding/${account.id}`);
    const page = await fetch(link.url);
    expect(await page.text()).toContain('Finish onboarding');
    const finished = await fetch(link.url, { method: 'POST', redirect: 'manual' });
    expect(finished.status).toBe(303);
    expect(finished.headers.get('location')).toBe('http://app.test/dashboard?stripe=return');
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true);
    expect(received.map((event) => [event.type, event.account])).toEqual([
      ['account.updated', account.id],
    ]);
    expect((received[0]!.data.object as Stripe.Account).charges_enabled).toBe(true);
  });

  it('pays a session on the hosted page and delivers a signed checkout.session.completed', async () => {
    const { stub, stripe, received } = await setUp();
    const session = await openSession(stripe, 'acct_destination');
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 500 });
    expect(session.url).toBe(`${stub.url}/pay/${session.id}`);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('$5.00');
    expect(page).toContain('Tip for Ada');
    expect(page).toContain('href="http://app.test/ada"');
    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/ada?checkout=${session.id}`);

    expect(received).toHaveLength(1);
    const event = received[0]!;
    expect(event).toMatchObject({ type: 'checkout.session.completed', livemode: false });
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { payment_id: 'pay-1' },
    });
    expect(stub.events).toEqual([{ id: event.id, type: event.type, status: 200 }]);

    const intent = await stripe.paymentIntents.retrieve(completed.payment_intent as string, {
      expand: ['latest_charge.balance_transaction'],
    });
    const charge = intent.latest_charge as Stripe.Charge;
    const transaction = charge.balance_transaction as Stripe.BalanceTransaction;
    expect(intent.transfer_data?.destination).toBe('acct_destination');
    expect(transaction.fee).toBe(Math.round(500 * 0.029) + 30);
    expect(transaction.net).toBe(500 - 45);
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.status).toBe('complete');
  });

  it('refunds a payment and delivers charge.refunded', async () => {
    const { stub, stripe, received } = await setUp();
    const session = await openSession(stripe);
    expect(await stub.pay(session.id)).toBe(200);
    const intentId = stub.sessions.get(session.id)?.payment_intent;
    const refund = await stripe.refunds.create({
      payment_intent: intentId,
      reverse_transfer: true,
      metadata: { reason: 'rejected' },
    });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 500 });
    await stub.idle();
    const event = received.at(-1)!;
    expect(event.type).toBe('charge.refunded');
    expect(event.data.object).toMatchObject({
      payment_intent: intentId,
      amount_refunded: 500,
      refunded: true,
    });
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
    });
    expect(stub.refunds).toHaveLength(1);
  });

  it('expires an open session, through the API and through the stub', async () => {
    const { stub, stripe, received } = await setUp();
    const first = await openSession(stripe);
    expect((await stripe.checkout.sessions.expire(first.id)).status).toBe('expired');
    const second = await openSession(stripe);
    expect(await stub.expire(second.id)).toBe(200);
    await stub.idle();
    expect(received.map((event) => event.type)).toEqual([
      'checkout.session.expired',
      'checkout.session.expired',
    ]);
    await expect(stripe.checkout.sessions.expire(first.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(stub.pay(first.id)).rejects.toThrow(/expired/);
  });

  it('answers in Stripe error shapes: unknown ids, missing params, a wrong key', async () => {
    const { stub, stripe } = await setUp();
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', success_url: 'http://app.test' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items' });
    const stranger = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: Number(new URL(stub.url).port),
      protocol: 'http',
    });
    await expect(stranger.accounts.retrieve('acct_x')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('records the connected account, and answers an idempotency key with the same object', async () => {
    const { stub, stripe, received } = await setUp();
    const create = () =>
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'usd', unit_amount: 700, product_data: { name: 'Song' } },
            },
          ],
          success_url: 'http://app.test/ok',
        },
        { idempotencyKey: 'payment-42', stripeAccount: 'acct_musician' },
      );
    const [first, again] = [await create(), await create()];
    expect(again.id).toBe(first.id);
    expect(stub.sessions.size).toBe(1);
    expect(stub.requests.at(-1)!.headers['stripe-account']).toBe('acct_musician');
    await stub.pay(first.id);
    expect(received[0]?.account).toBe('acct_musician');
  });

  it('sends any event, forges a signature on request, and replays the exact bytes', async () => {
    const { stub, received } = await setUp();
    const object = { id: 'cs_test_manual', object: 'checkout.session' };
    expect(
      await stub.send('checkout.session.async_payment_succeeded', object, { id: 'evt_1' }),
    ).toBe(200);
    expect(await stub.send('checkout.session.completed', object, { forge: true })).toBe(400);
    expect(await stub.replay('evt_1')).toBe(200);
    expect(received.map((event) => event.id)).toEqual(['evt_1', 'evt_1']);
    expect(stub.events.map((event) => event.status)).toEqual([200, 400, 200]);
  });
});
