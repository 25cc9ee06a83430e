import type { Locator, Page } from '@playwright/test';
import { messages } from '#shared/messages.ts';

/** The venue screen, /screen/{slug}: the room's TV (the page model of venue-screen.spec.ts). */
export class VenueScreen {
  readonly page: Page;
  readonly now: Locator;
  readonly next: Locator;
  readonly list: Locator;
  readonly qr: Locator;
  readonly link: Locator;
  readonly window: Locator;
  readonly notice: Locator;
  readonly reconnecting: Locator;

  constructor(page: Page) {
    this.page = page;
    this.now = page.getByTestId('screen-now');
    this.next = page.getByTestId('screen-next');
    this.list = page.getByTestId('screen-list');
    this.qr = page.getByTestId('screen-qr');
    this.link = page.getByTestId('screen-link');
    this.window = page.getByTestId('screen-window');
    this.notice = page.getByTestId('screen-notice');
    this.reconnecting = page.getByText(messages.overlayReconnecting);
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/screen/${slug}`);
  }

  /** Everything the room can read. */
  text(): Promise<string> {
    return this.page.locator('body').innerText();
  }
}
