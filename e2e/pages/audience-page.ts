import type { Locator, Page } from '@playwright/test';
import { RequestForm } from './audience-modals.ts';

/** The public page at /musician/{slug}, as a phone sees it. */
export class AudiencePage {
  readonly page: Page;
  readonly heading: Locator;
  /** The artist's name in the header: opens the artist profile. */
  readonly artistButton: Locator;
  readonly tipButton: Locator;
  /** Search, sort and filters: held at the top of the screen while the songs scroll. */
  readonly toolbar: Locator;
  readonly search: Locator;
  readonly sort: Locator;
  readonly shuffle: Locator;
  readonly viewFilters: Locator;
  readonly filters: Locator;
  readonly list: Locator;
  readonly songs: Locator;
  readonly songCount: Locator;
  readonly randomSong: Locator;
  readonly requestsOff: Locator;
  /** The request window's countdown ("Requests close in 12 minutes"). */
  readonly requestWindow: Locator;
  readonly yourRequests: Locator;
  /** The notices above the songs (requests off, the request window): one at a time. */
  readonly notices: Locator;
  /** The language switcher in the header (labelled in the page's language). */
  readonly language: Locator;
  /** Back from Stripe Checkout: "Confirming your payment…", then "Tip received, thank you". */
  readonly checkoutStatus: Locator;
  readonly checkoutNotice: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.artistButton = this.heading.getByRole('button');
    this.tipButton = page.getByRole('banner').getByRole('button', { name: 'Tip', exact: true });
    this.toolbar = page.getByRole('search');
    this.search = page.getByLabel('Search songs');
    this.sort = page.getByLabel('Sort', { exact: true });
    this.shuffle = page.getByRole('button', { name: 'Shuffle' });
    this.viewFilters = page.getByRole('button', { name: /^(View|Hide) Filters/ });
    this.filters = page.getByRole('group', { name: 'Filters' });
    this.list = page.getByRole('list', { name: 'Songs' });
    this.songs = this.list.getByRole('listitem');
    this.songCount = page.locator('.audience-song-count');
    this.randomSong = page.getByRole('button', { name: 'Random Song' });
    this.requestsOff = page.locator('.requests-off');
    this.requestWindow = page.getByTestId('request-window-notice');
    this.yourRequests = page.getByRole('region', { name: 'Your requests' });
    this.notices = page.locator('.audience-main > [role="status"]');
    this.language = page.getByRole('banner').getByRole('combobox');
    this.checkoutStatus = page.getByTestId('checkout-status');
    this.checkoutNotice = page.locator('.checkout-notice');
  }

  async goto(slug: string, query = ''): Promise<void> {
    await this.page.goto(`/musician/${slug}${query}`);
  }

  song(title: string): Locator {
    return this.songs.filter({ hasText: title });
  }

  async requestSong(title: string): Promise<void> {
    await this.song(title).getByRole('button', { name: 'Request Song' }).click();
  }

  /** Opens the request form for `title` and fills in a name, an email and a dedication. */
  async fillRequest(title: string, name: string, email: string, dedication = ''): Promise<void> {
    await this.requestSong(title);
    await new RequestForm(this.page).fill(name, email, dedication);
  }

  /** Asks for `title` through the request form: filled in, then sent. */
  async sendRequest(title: string, name: string, email: string, dedication = ''): Promise<void> {
    await this.fillRequest(title, name, email, dedication);
    await new RequestForm(this.page).send.click();
  }

  /**
   * The row of one of "Your requests", holding the song and its state (found by its own title,
   * not by the songs a rejected one offers instead, which are a list inside it).
   */
  myRequest(title: string): Locator {
    const ownTitle = this.page.locator('.my-request-title', { hasText: title });
    return this.yourRequests.getByRole('listitem').filter({ has: ownTitle });
  }

  /** How many song rows are wholly on screen, below the toolbar held at the top. */
  async songsInView(): Promise<number> {
    return this.page.evaluate<number>(`(() => {
      const top = Math.max(0, document.querySelector('[role="search"]').getBoundingClientRect().bottom);
      return [...document.querySelectorAll('[role="listitem"][aria-posinset]')]
        .map((row) => row.getBoundingClientRect())
        .filter((box) => box.top >= top - 1 && box.bottom <= window.innerHeight + 1).length;
    })()`);
  }

  /** The song titles shown, in order (the list is virtualised: the ones in the page). */
  async titles(): Promise<string[]> {
    return this.songs.locator('.song-title').allInnerTexts();
  }
}
