import type { Locator, Page } from '@playwright/test';

/** The local Stripe's hosted pages (e2e/support/stripe-stub.ts): Checkout and onboarding. */
export class StripePages {
  readonly page: Page;
  /** Checkout's Pay: pays, then back to the app's success_url. */
  readonly pay: Locator;
  /** Onboarding's last step: the account can take charges; back to the return_url. */
  readonly finishOnboarding: Locator;

  constructor(page: Page) {
    this.page = page;
    this.pay = page.getByRole('button', { name: 'Pay', exact: true });
    this.finishOnboarding = page.getByRole('button', { name: 'Finish onboarding' });
  }
}
