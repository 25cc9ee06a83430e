import type { Locator, Page } from '@playwright/test';

/** The dashboard's Design tab, and the QR code modal of the Profile tab's audience link. */
export class DesignTab {
  readonly page: Page;
  readonly form: Locator;
  readonly save: Locator;
  readonly status: Locator;
  readonly error: Locator;
  readonly preview: Locator;
  readonly photoInput: Locator;
  readonly photoPreview: Locator;
  readonly bannerInput: Locator;
  readonly qrButton: Locator;
  readonly printFlyerButton: Locator;
  readonly qrDialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.form = page.getByRole('form', { name: 'Audience page design' });
    this.save = this.form.getByRole('button', { name: /^(Save design|Saving…)$/ });
    this.status = this.form.getByRole('status').last();
    // Every field keeps an empty live region: the one with text is the error shown.
    this.error = this.form.getByRole('alert').filter({ hasText: /\S/ });
    this.preview = page.getByRole('figure', { name: 'Preview of your audience page' });
    this.photoInput = this.form.getByLabel(/^(Upload|Change) artist photo$/);
    this.photoPreview = this.form.getByRole('img', { name: 'Artist photo preview' });
    this.bannerInput = this.form.getByLabel(/^(Upload|Change) banner$/);
    this.qrButton = page.getByRole('button', { name: 'QR Code', exact: true });
    this.printFlyerButton = page.getByRole('button', { name: 'Print Flyer', exact: true });
    this.qrDialog = page.getByRole('dialog', { name: 'Your QR code' });
  }

  scheme(name: string): Locator {
    return this.form.getByRole('radio', { name, exact: true });
  }

  layout(name: 'Grid' | 'List'): Locator {
    return this.form.getByRole('radio', { name, exact: true });
  }

  flag(label: string): Locator {
    return this.form.getByRole('checkbox', { name: label });
  }
}
