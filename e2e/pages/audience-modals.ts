import type { Locator, Page } from '@playwright/test';

/** The modals of the audience flow, each found by its title. */
class AudienceDialog {
  readonly page: Page;
  readonly dialog: Locator;
  readonly close: Locator;

  constructor(page: Page, title: string | RegExp) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: title });
    this.close = this.dialog.getByRole('button', { name: 'Close' });
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }
}

export class RequestForm extends AudienceDialog {
  readonly name: Locator;
  /** "Skip the line for $5": a paid request (where the musician takes cards and set a price). */
  readonly skipTheLine: Locator;
  readonly email: Locator;
  readonly dedication: Locator;
  readonly send: Locator;
  readonly error: Locator;
  /** What the form says instead of sending, e.g. that this song was already asked for. */
  readonly notice: Locator;
  readonly done: Locator;

  constructor(page: Page) {
    super(page, 'Request a Song');
    this.name = this.dialog.getByLabel('Your name');
    this.email = this.dialog.getByLabel('Your email');
    this.dedication = this.dialog.getByLabel('Dedication (optional)');
    this.skipTheLine = this.dialog.getByRole('checkbox', { name: /^Skip the line for / });
    this.send = this.dialog.getByRole('button', {
      name: /^(Send Request|Continue to Payment|Sending…)$/,
    });
    this.error = this.dialog.getByRole('alert');
    this.notice = this.dialog.getByRole('status');
    this.done = this.button('Done');
  }

  async fill(name: string, email: string, dedication = ''): Promise<void> {
    await this.name.fill(name);
    await this.email.fill(email);
    await this.dedication.fill(dedication);
  }
}

/** The request's success state: "Sent: you're #9 in line", the follow links, a tip, Done. */
export class SentSheet extends AudienceDialog {
  readonly headline: Locator;
  readonly sendTip: Locator;
  readonly done: Locator;
  /** "Tell me when it's coming up": a push when the request goes Up Next (issue 47). */
  readonly notifyMe: Locator;

  constructor(page: Page) {
    super(page, 'Your request');
    this.headline = this.dialog.getByTestId('sent-headline');
    this.notifyMe = this.button("Tell me when it's coming up");
    this.sendTip = this.button('Send a Tip');
    this.done = this.button('Done');
  }

  link(name: string): Locator {
    return this.dialog.getByRole('link', { name });
  }
}

export class TipModal extends AudienceDialog {
  readonly amount: Locator;
  readonly message: Locator;
  readonly sendTip: Locator;
  readonly noTip: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    super(page, 'Send a Tip');
    this.amount = this.dialog.getByLabel('Tip amount ($)');
    this.message = this.dialog.getByLabel('Message (optional)');
    this.sendTip = this.dialog.getByRole('button', { name: 'Send Tip' });
    this.noTip = this.button('No Tip');
    this.error = this.dialog.getByRole('alert');
  }

  platform(name: string): Locator {
    return this.dialog.getByRole('radio', { name });
  }

  /** Stripe Checkout: first, and chosen, where the musician takes cards. */
  get card(): Locator {
    return this.platform('Card, Apple Pay, Google Pay');
  }

  quickAmount(label: string): Locator {
    return this.button(label);
  }
}

export class ZelleModal extends AudienceDialog {
  constructor(page: Page) {
    super(page, 'Pay with Zelle');
  }

  copy(what: 'email' | 'phone'): Locator {
    return this.dialog.getByRole('button', { name: `Copy ${what}` });
  }
}

export class FollowModal extends AudienceDialog {
  readonly done: Locator;

  constructor(page: Page) {
    super(page, /^Follow /);
    this.done = this.button('Done');
  }

  link(name: string): Locator {
    return this.dialog.getByRole('link', { name });
  }
}

export class SuggestModal extends AudienceDialog {
  readonly songTitle: Locator;
  readonly artist: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly message: Locator;
  readonly send: Locator;

  constructor(page: Page) {
    super(page, 'Suggest a Song');
    this.songTitle = this.dialog.getByLabel('Song title');
    this.artist = this.dialog.getByLabel('Artist', { exact: true });
    this.name = this.dialog.getByLabel('Your name');
    this.email = this.dialog.getByLabel('Your email');
    this.message = this.dialog.getByLabel('Message (optional)');
    this.send = this.dialog.getByRole('button', { name: 'Suggest Song' });
  }
}

export class ArtistModal extends AudienceDialog {
  constructor(page: Page) {
    super(page, 'About the Artist');
  }
}

/** Every modal of the page at once, for a spec's fixtures. */
export function audienceModals(page: Page) {
  return {
    request: new RequestForm(page),
    sent: new SentSheet(page),
    tip: new TipModal(page),
    zelle: new ZelleModal(page),
    follow: new FollowModal(page),
    suggest: new SuggestModal(page),
    artist: new ArtistModal(page),
  };
}
