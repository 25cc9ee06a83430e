import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseFormBody } from './form-body.ts';
import { checkoutPage, onboardingPage } from './hosted-pages.ts';
import * as objects from './stripe-objects.ts';
import { missing, StripeError, type StripeObject } from './stripe-objects.ts';
import { webhookSender } from './webhook-sender.ts';

export interface StripeStub {
  url: string; // http://127.0.0.1:<port>  (STRIPE_API_URL)
  secretKey: string;
  webhookSecret: string;
  /** Pays an open session as the hosted page's button does: makes PaymentIntent, Charge
   * (balance transaction fee = round(amount*0.029)+30 cents), marks the session complete/paid,
   * and delivers checkout.session.completed (awaits the app's 2xx; returns its status). */
  pay(sessionId: string): Promise<number>;
  expire(sessionId: string): Promise<number>; // + checkout.session.expired
  finishOnboarding(accountId: string): Promise<number>; // charges_enabled true + account.updated
  /** Delivers any event; `forge: true` signs with a wrong secret; returns the app's status. */
  send(type: string, object: unknown, options?: { forge?: boolean; id?: string }): Promise<number>;
  /** Delivers again the exact bytes and signature of an earlier event (a replay). */
  replay(eventId: string): Promise<number>;
  /** Resolves once every event sent so far (also those the API sends on its own) is answered. */
  idle(): Promise<void>;
  sessions: Map<string, StripeObject>;
  refunds: StripeObject[];
  accounts: Map<string, StripeObject>;
  events: { id: string; type: string; status: number }[];
  requests: {
    method: string;
    path: string;
    body: StripeObject;
    headers: Record<string, unknown>;
  }[];
  close(): Promise<void>;
  /** Where webhooks go from now on (the app's address, once it listens). */
  setWebhookUrl(url: string): void;
}

interface ApiRequest {
  method: string;
  path: string;
  params: StripeObject;
  /** The connected account of the `Stripe-Account` header. */
  account?: string;
}

/**
 * A local Stripe: answers the API calls of the real `stripe` SDK pointed at it
 * (`new Stripe(key, { host, port, protocol: 'http' })`) for the objects the app uses, serves the
 * hosted Checkout and onboarding pages, and sends signed webhooks to the app. In a Vitest test it
 * closes itself when the test (or file) ends; elsewhere call close().
 */
export async function startStripeStub(options: {
  webhookUrl: string;
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
}): Promise<StripeStub> {
  const secretKey = options.secretKey ?? 'sk_test_stripe_stub';
  const webhookSecret = options.webhookSecret ?? 'whsec_stripe_stub';
  // Read at each delivery: an app that listens only after the stub started is named later.
  const target = { webhookUrl: options.webhookUrl, webhookSecret };
  const sender = webhookSender(target);
  const store = new Map<string, StripeObject>(); // every object by id, as stored
  const owner = new Map<string, string>(); // object id -> connected account it was made on
  const links = new Map<string, StripeObject>(); // account id -> its latest link's params
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const sessions = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const requests: StripeStub['requests'] = [];
  let url = '';

  const keep = (object: StripeObject, account?: string) => {
    store.set(object.id, object);
    if (account) owner.set(object.id, account);
    return object;
  };
  const find = (kind: string, prefix: string, id: string) => {
    const object = store.get(id);
    if (!object || !id.startsWith(prefix)) throw missing(kind, id);
    return object;
  };
  const emit = (
    type: string,
    object: StripeObject,
    eventOptions: { id?: string; forge?: boolean } = {},
  ) =>
    sender.deliver(
      objects.event(type, structuredClone(objects.publicView(object)), {
        id: eventOptions.id,
        account: owner.get(object.id),
        apiVersion: Stripe.API_VERSION,
      }),
      eventOptions.forge,
    );

  /** A copy answering `expand[]` paths such as `latest_charge.balance_transaction`. */
  function expanded(object: StripeObject, paths: unknown): StripeObject {
    const copy = structuredClone(objects.publicView(object));
    for (const path of Array.isArray(paths) ? (paths as string[]) : []) {
      let nodes: StripeObject[] = [copy];
      for (const field of path.split('.')) {
        nodes = nodes.flatMap((node) => {
          const value = node?.[field];
          if (typeof value === 'string' && store.has(value)) {
            node[field] = structuredClone(objects.publicView(store.get(value)!));
          }
          return node?.[field] && typeof node[field] === 'object' ? [node[field]] : [];
        });
      }
    }
    return copy;
  }

  function paySession(sessionId: string): Promise<number> {
    const session = find('checkout.session', 'cs_', sessionId);
    if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}`);
    const account = owner.get(session.id);
    const { intent, charge, balanceTransaction } = objects.payment(session);
    keep(balanceTransaction, account);
    keep(charge, account);
    keep(intent, account);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
    });
    session.customer_details = { email: session.customer_email, name: null };
    return emit('checkout.session.completed', session);
  }

  function expireSession(sessionId: string): Promise<number> {
    const session = find('checkout.session', 'cs_', sessionId);
    if (session.status !== 'open') {
      throw new StripeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        'checkout_session_not_open',
      );
    }
    session.status = 'expired';
    return emit('checkout.session.expired', session);
  }

  function finishOnboarding(accountId: string): Promise<number> {
    const acct = find('account', 'acct_', accountId);
    objects.onboarded(acct);
    return sender.deliver(
      objects.event('account.updated', structuredClone(acct), {
        account: acct.id,
        apiVersion: Stripe.API_VERSION,
      }),
    );
  }

  /** One API call: the answer's body, or a StripeError. */
  function answer({ method, path, params, account }: ApiRequest): unknown {
    const route = `${method} ${path.replace(/\/(acct|cs|pi|ch|re)_[A-Za-z0-9_]+/g, '/:id')}`;
    const id = /\/((?:acct|cs|pi|ch|re)_[A-Za-z0-9_]+)/.exec(path)?.[1] ?? '';
    switch (route) {
      case 'POST /v1/accounts': {
        const acct = keep(objects.account(params));
        accounts.set(acct.id, acct);
        return expanded(acct, params.expand);
      }
      case 'GET /v1/accounts/:id':
        return expanded(find('account', 'acct_', id), params.expand);
      case 'POST /v1/account_links': {
        const acct = find('account', 'acct_', objects.requireParam(params, 'account'));
        objects.requireParam(params, 'type');
        links.set(acct.id, params);
        return objects.accountLink(`${url}/onboarding/${acct.id}`);
      }
      case 'POST /v1/checkout/sessions': {
        const session = keep(
          objects.checkoutSession(params, (sessionId) => `${url}/pay/${sessionId}`),
          account,
        );
        sessions.set(session.id, session);
        return expanded(session, params.expand);
      }
      case 'GET /v1/checkout/sessions/:id':
        return expanded(find('checkout session', 'cs_', id), params.expand);
      case 'POST /v1/checkout/sessions/:id/expire': {
        void expireSession(id);
        return expanded(find('checkout session', 'cs_', id), params.expand);
      }
      case 'GET /v1/payment_intents/:id':
        return expanded(find('payment_intent', 'pi_', id), params.expand);
      case 'GET /v1/charges/:id':
        return expanded(find('charge', 'ch_', id), params.expand);
      case 'POST /v1/refunds': {
        const chargeId =
          params.charge ??
          find('payment_intent', 'pi_', objects.requireParam(params, 'payment_intent'))
            .latest_charge;
        const charge = find('charge', 'ch_', chargeId);
        const made = keep(objects.refund(charge, params), owner.get(charge.id));
        refunds.push(made);
        void emit('charge.refunded', charge);
        return made;
      }
      default:
        throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  async function serveApi(req: IncomingMessage, res: ServerResponse, body: string) {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? parseFormBody(query) : parseFormBody(body);
    requests.push({ method, path, body: params, headers: { ...req.headers } });
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': objects.newId('req'),
        'stripe-version': Stripe.API_VERSION,
        ...headers,
      });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return reply(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const account = req.headers['stripe-account'] as string | undefined;
    const key = req.headers['idempotency-key'] as string | undefined;
    const scope = key && method === 'POST' ? `${account ?? ''} ${key}` : undefined;
    const earlier = scope ? idempotent.get(scope) : undefined;
    if (earlier) return reply(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    let status = 200;
    let json: unknown;
    try {
      json = answer({ method, path, params, account });
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      json = error.body;
    }
    if (scope) idempotent.set(scope, { status, body: json });
    reply(status, json);
  }

  async function servePage(req: IncomingMessage, res: ServerResponse) {
    const [, kind, id] = (req.url ?? '/').split('?')[0]!.split('/');
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    const redirect = (location: string) => {
      res.writeHead(303, { location });
      res.end();
    };
    const object = store.get(decodeURIComponent(id ?? ''));
    if (kind === 'pay' && object?.object === 'checkout.session') {
      if (req.method !== 'POST' || object.status !== 'open') return html(200, checkoutPage(object));
      await paySession(object.id);
      return redirect(String(object.success_url).replace('{CHECKOUT_SESSION_ID}', object.id));
    }
    if (kind === 'onboarding' && object?.object === 'account') {
      if (req.method !== 'POST') return html(200, onboardingPage(object));
      await finishOnboarding(object.id);
      return redirect(links.get(object.id)?.return_url ?? '/');
    }
    html(404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
  }

  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      if (req.url?.startsWith('/v1/')) await serveApi(req, res, body);
      else await servePage(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await sender.idle();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    })());

  const stub: StripeStub = {
    url,
    secretKey,
    webhookSecret,
    setWebhookUrl: (webhookUrl) => void (target.webhookUrl = webhookUrl),
    pay: async (sessionId) => paySession(sessionId),
    expire: async (sessionId) => expireSession(sessionId),
    finishOnboarding: async (accountId) => finishOnboarding(accountId),
    send: (type, object, sendOptions = {}) =>
      sender.deliver(
        objects.event(type, object, { id: sendOptions.id, apiVersion: Stripe.API_VERSION }),
        sendOptions.forge,
      ),
    replay: (eventId) => sender.replay(eventId),
    idle: () => sender.idle(),
    sessions,
    refunds,
    accounts,
    events: sender.deliveries,
    requests,
    close,
  };
  // Under Vitest the stub closes with the test (or file) that started it; the browser tests
  // (Playwright) must not load Vitest, so they call close() themselves.
  if (process.env.VITEST) {
    const { cleanUpLater } = await import('../cleanup.ts');
    cleanUpLater(close);
  }
  return stub;
}
