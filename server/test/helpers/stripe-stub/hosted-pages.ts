import type { StripeObject } from './stripe-objects.ts';

/**
 * The pages Stripe hosts, reduced to what a browser test walks through: Checkout (amount,
 * product, a Pay button and a Cancel link) and Connect onboarding (one button). Readable on a phone.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
button { font-size: 1.1rem; padding: 0.8rem 1.2rem; width: 100%; margin: 1rem 0; }
.amount { font-size: 2rem; font-weight: bold; }
</style></head>
<body><main>${body}</main></body></html>`;
}

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

export function checkoutPage(session: StripeObject): string {
  const names = (session._product_names as string[]).map((name) => `<p>${escape(name)}</p>`);
  const amount = formatAmount(session.amount_total, session.currency);
  if (session.status !== 'open') {
    return page(
      'Checkout',
      `<h1>This Checkout Session is no longer active</h1><p>${escape(session.status)}</p>`,
    );
  }
  const cancel = session.cancel_url ? `<a href="${escape(session.cancel_url)}">Cancel</a>` : '';
  return page(
    'Checkout',
    `<h1>Pay</h1>${names.join('')}<p class="amount">${amount}</p>
<form method="post" action="/pay/${escape(session.id)}"><button type="submit">Pay</button></form>
${cancel}`,
  );
}

export function onboardingPage(acct: StripeObject): string {
  return page(
    'Connect onboarding',
    `<h1>Set up payments</h1><p>Account ${escape(acct.id)}</p>
<form method="post" action="/onboarding/${escape(acct.id)}"><button type="submit">Finish onboarding</button></form>`,
  );
}
