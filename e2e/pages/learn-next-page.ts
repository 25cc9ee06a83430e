import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** The Learn next panel of the dashboard's Analytics tab. */
export class LearnNextPanel {
  readonly page: Page;
  readonly section: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly emptyState: Locator;
  readonly underplayed: Locator;
  /** The bar saying how an action went (with Undo after 'Not for me'). */
  readonly notice: Locator;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByRole('region', { name: 'Learn next' });
    this.list = this.section.getByRole('list', { name: 'Songs to learn next' });
    this.items = this.list.getByRole('listitem');
    this.emptyState = this.section.locator('.learn-next-empty');
    this.underplayed = page.getByRole('region', { name: 'Requested but rarely played' });
    this.notice = page.locator('.learn-next-notice');
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Analytics', exact: true }).click();
  }

  item(title: string, artist: string): Locator {
    return this.list.getByRole('listitem', { name: `${title} by ${artist}`, exact: true });
  }

  async titles(): Promise<string[]> {
    return this.items.locator('.learn-next-song strong').allTextContents();
  }

  async addToSongs(title: string, artist: string): Promise<void> {
    await this.page
      .getByRole('button', { name: `Add ${title} by ${artist} to my songs`, exact: true })
      .click();
  }

  async notForMe(title: string, artist: string): Promise<void> {
    await this.page
      .getByRole('button', { name: `Not for me: ${title} by ${artist}`, exact: true })
      .click();
  }

  async undo(): Promise<void> {
    await this.notice.getByRole('button', { name: 'Undo' }).click();
  }
}

/** A song suggestion from the audience page, as a phone sends it. */
export async function suggestByApi(
  request: APIRequestContext,
  slug: string,
  suggestion: { title: string; artist: string; email: string },
): Promise<void> {
  const response = await request.post('/api/song-suggestions', {
    data: {
      musician_slug: slug,
      suggested_title: suggestion.title,
      suggested_artist: suggestion.artist,
      requester_name: suggestion.email.split('@')[0],
      requester_email: suggestion.email,
    },
  });
  if (response.status() !== 201) {
    throw new Error(`suggestion failed: ${response.status()} ${await response.text()}`);
  }
}
