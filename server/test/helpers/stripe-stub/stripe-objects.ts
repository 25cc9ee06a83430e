import { randomBytes } from 'node:crypto';

/**
 * Stripe's objects in their documented shapes (API reference, docs.stripe.com/api), holding the
 * fields this app and the SDK read, plus the usual neighbours so they look like the real thing.
 * Money is in integer cents, times in Unix seconds.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, read field by field
export type StripeObject = Record<string, any>;

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's card fee in the US: 2.9% + 30 cents. */
export const stripeFee = (amount: number) => Math.round(amount * 0.029) + 30;

export class StripeError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly param?: string;

  constructor(status: number, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
  }

  get body() {
    return {
      error: {
        type: 'invalid_request_error',
        message: this.message,
        ...(this.code && { code: this.code }),
        ...(this.param && { param: this.param }),
      },
    };
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, `No such ${kind}: '${id}'`, 'resource_missing', param);

export function requireParam(params: StripeObject, name: string): StripeObject[string] {
  const value = params[name];
  if (value === undefined || value === '') {
    throw new StripeError(400, `Missing required param: ${name}.`, 'parameter_missing', name);
  }
  return value;
}

export function account(params: StripeObject): StripeObject {
  return {
    id: newId('acct').replace('_test', ''),
    object: 'account',
    type: params.type ?? 'express',
    country: params.country ?? 'US',
    email: params.email ?? null,
    default_currency: 'usd',
    business_type: params.business_type ?? null,
    capabilities: Object.fromEntries(
      Object.keys(params.capabilities ?? {}).map((name) => [name, 'inactive']),
    ),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements: {
      currently_due: ['external_account', 'tos_acceptance.date'],
      eventually_due: [],
      past_due: [],
      disabled_reason: 'requirements.past_due',
    },
    metadata: params.metadata ?? {},
    created: nowSeconds(),
  };
}

/** What finishing the hosted onboarding does to an account. */
export function onboarded(acct: StripeObject): void {
  acct.charges_enabled = true;
  acct.payouts_enabled = true;
  acct.details_submitted = true;
  acct.capabilities = Object.fromEntries(
    Object.keys({ card_payments: 1, transfers: 1, ...acct.capabilities }).map((name) => [
      name,
      'active',
    ]),
  );
  acct.requirements = {
    currently_due: [],
    eventually_due: [],
    past_due: [],
    disabled_reason: null,
  };
}

export function accountLink(url: string): StripeObject {
  const created = nowSeconds();
  return { object: 'account_link', created, expires_at: created + 300, url };
}

interface LineItem {
  quantity?: string;
  price_data?: {
    currency?: string;
    unit_amount?: string;
    product_data?: { name?: string; description?: string };
  };
}

export function checkoutSession(params: StripeObject, payUrl: (id: string) => string) {
  requireParam(params, 'mode');
  const items = requireParam(params, 'line_items') as LineItem[];
  const lineItems = items.map((item, index) => {
    const unitAmount = Number(item.price_data?.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0) {
      const param = `line_items[${index}][price_data][unit_amount]`;
      throw new StripeError(
        400,
        `Invalid integer: ${item.price_data?.unit_amount}`,
        undefined,
        param,
      );
    }
    const quantity = Number(item.quantity ?? 1);
    return {
      name: item.price_data?.product_data?.name ?? '',
      currency: item.price_data?.currency ?? 'usd',
      amount: unitAmount * quantity,
    };
  });
  const amount = lineItems.reduce((sum, item) => sum + item.amount, 0);
  if (amount < 50) {
    throw new StripeError(
      400,
      "The Checkout Session's total amount due must add up to at least $0.50 usd",
      'amount_too_small',
      'line_items',
    );
  }
  const id = newId('cs');
  const created = nowSeconds();
  return {
    id,
    object: 'checkout.session',
    mode: params.mode,
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: amount,
    amount_total: amount,
    currency: lineItems[0]?.currency ?? 'usd',
    client_reference_id: params.client_reference_id ?? null,
    customer: null,
    customer_email: params.customer_email ?? null,
    customer_details: null,
    success_url: params.success_url ?? null,
    cancel_url: params.cancel_url ?? null,
    metadata: params.metadata ?? {},
    payment_intent: null,
    payment_method_types: ['card'],
    created,
    expires_at: Number(params.expires_at ?? created + 24 * 3600),
    livemode: false,
    url: payUrl(id),
    // Not part of Stripe's session object (it lists them at /line_items); kept for the pay page.
    // Stripe's own is `line_items` only when expanded, so this name cannot clash.
    _product_names: lineItems.map((item) => item.name),
    _payment_intent_data: params.payment_intent_data ?? {},
  };
}

/** The session as Stripe answers it: without the stub's own bookkeeping fields. */
export function publicView(object: StripeObject): StripeObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_')));
}

/** The PaymentIntent, Charge and BalanceTransaction a paid session leaves behind. */
export function payment(session: StripeObject) {
  const created = nowSeconds();
  const amount = session.amount_total as number;
  const currency = session.currency as string;
  const intentData = session._payment_intent_data as StripeObject;
  const transferData = intentData.transfer_data
    ? { destination: intentData.transfer_data.destination, amount: null }
    : null;
  const applicationFee =
    intentData.application_fee_amount === undefined
      ? null
      : Number(intentData.application_fee_amount);
  const metadata = intentData.metadata ?? {};
  const fee = stripeFee(amount);
  const intentId = newId('pi');
  const chargeId = newId('ch');
  const transactionId = newId('txn');
  const balanceTransaction = {
    id: transactionId,
    object: 'balance_transaction',
    amount,
    currency,
    fee,
    fee_details: [
      {
        amount: fee,
        application: null,
        currency,
        description: 'Stripe processing fees',
        type: 'stripe_fee',
      },
    ],
    net: amount - fee,
    status: 'pending',
    type: 'charge',
    reporting_category: 'charge',
    source: chargeId,
    created,
    available_on: created + 2 * 24 * 3600,
    description: null,
  };
  const charge = {
    id: chargeId,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    application_fee_amount: applicationFee,
    balance_transaction: transactionId,
    captured: true,
    currency,
    paid: true,
    refunded: false,
    status: 'succeeded',
    payment_intent: intentId,
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    transfer_data: transferData,
    metadata,
    created,
    livemode: false,
  };
  const intent = {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    amount_capturable: 0,
    application_fee_amount: applicationFee,
    capture_method: 'automatic_async',
    currency,
    latest_charge: chargeId,
    metadata,
    payment_method_types: ['card'],
    status: 'succeeded',
    transfer_data: transferData,
    created,
    livemode: false,
  };
  return { intent, charge, balanceTransaction };
}

export function refund(charge: StripeObject, params: StripeObject): StripeObject {
  const remaining = charge.amount - charge.amount_refunded;
  const amount = params.amount === undefined ? remaining : Number(params.amount);
  if (remaining <= 0) {
    throw new StripeError(
      400,
      `Charge ${charge.id} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
    throw new StripeError(
      400,
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      'amount_too_large',
      'amount',
    );
  }
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  return {
    id: newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    reason: params.reason ?? null,
    status: 'succeeded',
    balance_transaction: newId('txn'),
    transfer_reversal:
      params.reverse_transfer === 'true' && charge.transfer_data ? newId('trr') : null,
    metadata: params.metadata ?? {},
    created: nowSeconds(),
  };
}

export function event(
  type: string,
  object: unknown,
  options: { id?: string; account?: string; apiVersion: string },
): StripeObject {
  return {
    id: options.id ?? newId('evt'),
    object: 'event',
    api_version: options.apiVersion,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(options.account && { account: options.account }),
  };
}
