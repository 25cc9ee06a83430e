import type { Locator, Page } from '@playwright/test';

/** The dashboard's Quick Start Guide (with its contact form), Upgrade to Pro and Songs Help. */
export class HelpDialogs {
  readonly page: Page;
  readonly helpButton: Locator;
  readonly upgradeButton: Locator;
  readonly guide: Locator;
  readonly upgrade: Locator;
  readonly songsHelp: Locator;
  readonly panel: Locator;

  constructor(page: Page) {
    this.page = page;
    const header = page.locator('header.dashboard-header');
    this.helpButton = header.getByRole('button', { name: 'Quick Start Guide' });
    this.upgradeButton = header.getByRole('button', { name: 'Upgrade' });
    this.guide = page.getByRole('dialog', { name: 'Quick Start Guide' });
    this.upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    this.songsHelp = page.getByRole('dialog', { name: 'Songs Help' });
    this.panel = page.getByRole('tabpanel');
  }

  field(name: 'Name' | 'Email' | 'Message'): Locator {
    return this.guide.getByLabel(name, { exact: true });
  }

  /** A step of the Quick Start Guide, found by its bold lead ('Start a show.'). */
  step(lead: string): Locator {
    return this.guide.getByRole('listitem').filter({ hasText: lead });
  }

  async sendContact(): Promise<void> {
    await this.guide.getByRole('button', { name: 'Send Message' }).click();
  }

  async close(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  }
}
