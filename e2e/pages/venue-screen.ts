import { expect, type Locator, type Page } from '@playwright/test';
import { messages } from '#shared/messages.ts';

/** Where the screen's requests sit, in CSS pixels of the viewport. */
export interface ScreenGeometry {
  viewport: { width: number; height: number };
  /** Whether the page scrolls either way (a TV never should). */
  scrolls: boolean;
  /** Now, Next and the list's rows shown (hidden rows left out), top to bottom. */
  requests: { top: number; bottom: number }[];
  /** How many of the list's rows (after Now and Next) are shown. */
  rows: number;
  /** The queue column's box. */
  queue: { top: number; bottom: number };
  /** The tallest stretch of the queue column that nothing covers. */
  emptyBand: number;
  /** The QR code panel's box. */
  request: { top: number; bottom: number };
}

/** The venue screen, /screen/{slug}: the room's TV (the page model of venue-screen.spec.ts). */
export class VenueScreen {
  readonly page: Page;
  readonly now: Locator;
  readonly next: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly more: Locator;
  readonly qr: Locator;
  readonly link: Locator;
  readonly window: Locator;
  readonly notice: Locator;
  readonly reconnecting: Locator;
  /** The note to whoever sets the screen up when the QR code's address is local. */
  readonly addressNote: Locator;

  constructor(page: Page) {
    this.page = page;
    this.now = page.getByTestId('screen-now');
    this.next = page.getByTestId('screen-next');
    this.list = page.getByTestId('screen-list');
    this.rows = page.getByTestId('screen-row');
    this.more = page.getByTestId('screen-more');
    this.qr = page.getByTestId('screen-qr');
    this.link = page.getByTestId('screen-link');
    this.window = page.getByTestId('screen-window');
    this.notice = page.getByTestId('screen-notice');
    this.reconnecting = page.getByText(messages.overlayReconnecting);
    this.addressNote = page.getByTestId('screen-address-note');
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/screen/${slug}`);
  }

  /**
   * The e2e server's PUBLIC_URL is http://127.0.0.1:port, an address no phone opens, so every
   * screen in the suite shows the address note first: hidden as whoever sets the TV up would.
   */
  async hideAddressNote(): Promise<void> {
    await this.addressNote.getByRole('button', { name: messages.screenAddressHide }).click();
    await expect(this.addressNote).toHaveCount(0);
  }

  /** Everything the room can read. */
  text(): Promise<string> {
    return this.page.locator('body').innerText();
  }

  /** Where Now, Next, the rows and the code panel are, read in one pass. */
  geometry(): Promise<ScreenGeometry> {
    // A string: the e2e code is typed without the DOM's library.
    return this.page.evaluate<ScreenGeometry>(`(() => {
      const box = (element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return { top, bottom };
      };
      const shown = (element) => element.getBoundingClientRect().height > 0;
      const queue = document.querySelector('.screen-queue');
      const requests = [...queue.querySelectorAll('.screen-now, .screen-next, .screen-row')];
      const blocks = [...queue.children].filter(shown).map(box);
      blocks.sort((a, b) => a.top - b.top);
      const column = box(queue);
      let emptyBand = 0;
      let reached = column.top;
      for (const block of blocks) {
        emptyBand = Math.max(emptyBand, block.top - reached);
        reached = Math.max(reached, block.bottom);
      }
      emptyBand = Math.max(emptyBand, column.bottom - reached);
      const root = document.scrollingElement;
      return {
        viewport: { width: innerWidth, height: innerHeight },
        scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
        requests: requests.filter(shown).map(box),
        rows: [...queue.querySelectorAll('.screen-row')].filter(shown).length,
        queue: column,
        emptyBand,
        request: box(document.querySelector('.screen-request')),
      };
    })()`);
  }
}
