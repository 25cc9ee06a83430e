import type { Locator, Page } from '@playwright/test';

/** The audience page's Queue view (the page model of public-queue.spec.ts). */
export class PublicQueueView {
  readonly page: Page;
  readonly tab: Locator;
  readonly view: Locator;
  readonly rows: Locator;

  constructor(page: Page) {
    this.page = page;
    this.tab = page.getByRole('tab', { name: 'Queue' });
    this.view = page.getByTestId('public-queue');
    this.rows = page.getByTestId('public-queue-row');
  }

  row(title: string): Locator {
    return this.rows.filter({ hasText: title });
  }

  /** The +1 button of `title`'s row. */
  voteButton(title: string): Locator {
    return this.row(title).getByRole('button', { name: `+1 for ${title}` });
  }

  /** The mark of a request this phone sent. */
  mine(title: string): Locator {
    return this.row(title).getByText('Yours', { exact: true });
  }

  /** Why the server refused a +1, on the request's own row. */
  refusal(title: string): Locator {
    return this.row(title).getByRole('alert');
  }

  titles(): Promise<string[]> {
    return this.rows.locator('.public-queue-title').allInnerTexts();
  }

  /** +1 on `title`, giving a name and an email the first time this phone votes. */
  async vote(title: string, name: string, email: string): Promise<void> {
    await this.row(title)
      .getByRole('button', { name: `+1 for ${title}` })
      .click();
    const form = this.row(title).locator('form');
    if (await form.isVisible()) {
      await form.getByLabel('Your name').fill(name);
      await form.getByLabel('Your email').fill(email);
      await form.getByRole('button', { name: 'Count my +1' }).click();
    }
  }
}
