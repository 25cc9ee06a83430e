import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly welcome: Locator;
  readonly logoutButton: Locator;
  readonly tabs: Locator;
  /** Replaces the tabs on narrow screens. */
  readonly sectionSelect: Locator;
  readonly panel: Locator;
  readonly audienceLink: Locator;
  readonly copyLinkButton: Locator;
  readonly viewLink: Locator;
  readonly connection: Locator;
  /** On Stage tab columns. */
  readonly upNextColumn: Locator;
  readonly liveColumn: Locator;
  /** The On Stage tab's line saying which show is running, if any. */
  readonly onStageShow: Locator;
  readonly completedColumn: Locator;
  /** The first-run checklist of the On Stage tab (gone once every step is done). */
  readonly firstRun: Locator;
  /** Start a Show / Stop Show (the On Stage tab's header, the Requests tab's toolbar). */
  readonly startShowButton: Locator;
  readonly stopShowButton: Locator;
  /** The emptied queue mid-show ("All caught up" and the show's counts). */
  readonly caughtUp: Locator;
  /** Requests tab. */
  readonly allRequests: Locator;
  /** Its title, 'All Requests' or 'Current Show: <name>' (not the empty list's own heading). */
  readonly allRequestsTitle: Locator;
  readonly toast: Locator;
  /** The bars of Played / Reject moves still in their undo window, and refused moves. */
  readonly undoToasts: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.welcome = page.getByRole('heading', { level: 1, name: /^Welcome, / });
    this.logoutButton = page.getByRole('button', { name: 'Logout' });
    this.tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
    this.sectionSelect = page.getByRole('combobox', { name: 'Section' });
    this.panel = page.getByRole('tabpanel');
    this.audienceLink = page.getByRole('textbox', { name: 'Audience link' });
    this.copyLinkButton = page.getByRole('button', { name: /^(Copy|Copied!)$/ });
    this.viewLink = page.getByRole('link', { name: 'View' });
    this.connection = page.getByRole('status', { name: 'Connection' });
    this.upNextColumn = page.getByRole('region', { name: /^Up Next/ });
    this.liveColumn = page.getByRole('region', { name: /^Live Requests/ });
    this.onStageShow = page.getByRole('tabpanel').getByRole('status', { name: 'Show' });
    this.completedColumn = page.locator('details.board-column');
    this.firstRun = page.getByRole('region', { name: 'Get ready for your first show' });
    this.startShowButton = page.getByRole('button', { name: 'Start a Show', exact: true });
    this.stopShowButton = page.getByRole('button', { name: 'Stop Show', exact: true });
    this.caughtUp = page.locator('.queue-caught-up');
    const allRequestsTitle = /^(All Requests|Current Show:)/;
    this.allRequests = page.getByRole('region', { name: allRequestsTitle });
    this.allRequestsTitle = this.allRequests.getByRole('heading', {
      level: 3,
      name: allRequestsTitle,
    });
    this.toast = page.locator('.toast');
    this.undoToasts = page.locator('.undo-toast');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  /** The bearer token the client keeps in localStorage, or null when signed out. */
  async storedToken(): Promise<string | null> {
    return this.page.evaluate(() => {
      const raw = localStorage.getItem('song-requests.session');
      return raw ? (JSON.parse(raw) as { token: string }).token : null;
    });
  }

  /** A request card, found by its song title, within a column or list. */
  card(within: Locator, title: string): Locator {
    return within.getByRole('article', { name: new RegExp(`^${title} by `) });
  }

  /** The count shown on the Requests tab (pending requests). */
  requestsBadge(): Locator {
    return this.tab('Requests').locator('.tab-badge');
  }

  /** A step of the first-run checklist: a button until done, then a line ending "(done)". */
  firstRunStep(label: string): Locator {
    return this.firstRun.getByRole('listitem').filter({ hasText: label });
  }

  /** A show of the Requests tab's shows list, by its name. */
  showItem(name: string): Locator {
    return this.page.locator('.show-item').filter({ hasText: name });
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }
}
