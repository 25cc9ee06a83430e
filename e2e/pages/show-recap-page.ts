import type { Locator, Page } from '@playwright/test';

/** A show's setlist after the night, /musician/{slug}/shows/{id}, as a phone sees it. */
export class ShowRecapPage {
  readonly page: Page;
  /** The show's name. */
  readonly heading: Locator;
  /** The songs, in the order played: each row its title, artist and time. */
  readonly songs: Locator;
  readonly tip: Locator;
  readonly moreSongs: Locator;
  readonly connect: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.songs = page.locator('.recap-songs').getByRole('listitem');
    this.tip = page.getByRole('link', { name: /^Tip / });
    this.moreSongs = page.getByRole('link', { name: /^See all of / });
    this.connect = page.locator('.profile-links').filter({ hasText: 'Connect' });
  }
}
