import type { Locator, Page } from '@playwright/test';

/** The public page at /musician/{slug}. */
export class AudiencePage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly songs: Locator;
  readonly songCount: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.search = page.getByLabel('Search songs');
    this.songs = page.getByRole('list').getByRole('listitem');
    this.songCount = page.locator('.song-count');
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/musician/${slug}`);
  }
}
