import type { Locator, Page } from '@playwright/test';

/** The On Stage screen at /on-stage/{slug}. */
export class OnStagePage {
  readonly heading: Locator;
  readonly connection: Locator;
  readonly showStatus: Locator;
  readonly requestsToggle: Locator;
  /** The request window's group in the header: countdown, "+10 min", the times. */
  readonly requestWindow: Locator;
  readonly extendWindow: Locator;
  /** The one-row header: name, connection, show, window, Requests ON/OFF, icons. */
  readonly header: Locator;
  /** Up Next: its first is the large Now panel, its second the Next panel. */
  readonly upNext: Locator;
  readonly nowPanel: Locator;
  readonly nextPanel: Locator;
  readonly active: Locator;
  /** The waiting requests' rows, in the order the screen shows them. */
  readonly waitingRows: Locator;
  readonly completed: Locator;
  readonly newBadge: Locator;
  readonly toast: Locator;
  /** The bars of Played / Reject moves still in their undo window, and refused moves. */
  readonly undoToasts: Locator;
  readonly demoNotice: Locator;
  /** Next while Up Next holds fewer than two: the first waiting request, one tap to line it up. */
  readonly nextSuggestion: Locator;
  /** The header's row for the request window and the feedback strip (with each move's Undo). */
  readonly feedback: Locator;
  readonly enableNotifications: Locator;
  /** "Queue: 54 min · 6 songs" beside the waiting column's title. */
  readonly queueLength: Locator;
  /** The line across the queue where the last call falls. */
  readonly lastCallLine: Locator;
  /** The rows marked as starting after the last call. */
  readonly lateRows: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.connection = page.getByRole('status', { name: 'Connection' });
    this.showStatus = page.getByRole('status', { name: 'Show' });
    this.requestsToggle = page.getByRole('switch', { name: 'Song requests' });
    this.requestWindow = page.getByRole('group', { name: 'Request window' });
    this.extendWindow = this.requestWindow.getByRole('button', { name: '+10 min' });
    this.header = page.getByRole('banner');
    this.upNext = page.getByRole('region', { name: 'Up Next' });
    this.nowPanel = this.upNext.getByRole('article').nth(0);
    this.nextPanel = this.upNext.getByRole('article').nth(1);
    this.active = page.getByRole('region', { name: 'Active Requests' });
    this.waitingRows = this.active.getByRole('article');
    this.completed = page.locator('details.stage-completed');
    this.newBadge = this.active.getByRole('button', { name: /^\+\d+ New!$/ });
    this.toast = page.locator('.toast');
    this.undoToasts = page.locator('.undo-toast');
    this.demoNotice = page.getByRole('alert').filter({ hasText: 'Demo data' });
    this.enableNotifications = page.getByRole('button', { name: 'Enable notifications' });
    this.nextSuggestion = page.getByRole('region', { name: 'Next in the queue' });
    this.feedback = page.locator('.stage-bar .queue-feedback');
    this.queueLength = this.active.getByText(/^Queue: /);
    this.lastCallLine = this.active.getByText(/^Last call /);
    this.lateRows = this.waitingRows.filter({ hasText: "Won't fit before last call" });
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/on-stage/${slug}`);
  }

  /** A request card, found by its song title, within a section (or anywhere). */
  card(title: string, within: Locator = this.page.locator('body')): Locator {
    return within.getByRole('article', { name: new RegExp(`^${escape(title)} by `) });
  }

  action(title: string, label: string, within?: Locator): Locator {
    return this.card(title, within).getByRole('button', { name: label, exact: true });
  }

  /** The handle a request is dragged by (mouse, touch, or focus + Space, arrows, Space). */
  dragHandle(title: string): Locator {
    return this.page.getByRole('button', {
      name: new RegExp(`^Reorder ${escape(title)}, position`),
    });
  }

  /** A row's "…" button: Reject and the moves in its column, one tap away. */
  more(title: string, within?: Locator): Locator {
    return this.card(title, within).getByRole('button', { name: `More for ${title}`, exact: true });
  }

  /** Reject from a row of the queue: behind its "…" button on stage. */
  async reject(title: string, within: Locator): Promise<void> {
    await this.more(title, within).click();
    await this.action(title, 'Reject', within).click();
  }

  /** Move to top / bottom, behind a row's "More" button on stage. */
  async moveTo(title: string, to: 'top' | 'bottom'): Promise<void> {
    await this.page.getByRole('button', { name: `More for ${title}`, exact: true }).click();
    await this.page
      .getByRole('button', { name: `Move ${title} to the ${to}`, exact: true })
      .click();
  }

  /** The undo bar whose text is `text` ('Marked played: Halo'). */
  undoToast(text: string): Locator {
    return this.undoToasts.filter({ hasText: text });
  }

  undo(text: string): Locator {
    return this.undoToast(text).getByRole('button', { name: 'Undo' });
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
