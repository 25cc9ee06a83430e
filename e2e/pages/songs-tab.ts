import type { Locator, Page } from '@playwright/test';

/** The dashboard Songs tab and its panels and modals. */
export class SongsTab {
  readonly page: Page;
  readonly manageSongs: Locator;
  readonly helpButton: Locator;
  readonly search: Locator;
  readonly sort: Locator;
  readonly songList: Locator;
  readonly songCount: Locator;
  readonly selectionBar: Locator;
  readonly toast: Locator;
  readonly playlistsSection: Locator;
  /** The welcome panel of a musician with no songs yet. */
  readonly emptyState: Locator;

  constructor(page: Page) {
    this.page = page;
    this.manageSongs = page.getByRole('button', { name: /^Manage Songs/ });
    this.helpButton = page.getByRole('button', { name: 'Songs Help' });
    this.search = page.getByRole('searchbox', { name: 'Search songs' });
    this.sort = page.getByRole('combobox', { name: 'Sort', exact: true });
    this.songList = page.locator('.song-scroller');
    this.songCount = page.locator('.song-count');
    this.selectionBar = page.getByRole('toolbar', { name: 'Selected songs' });
    this.toast = page.locator('.toast');
    this.playlistsSection = page.getByRole('region', { name: 'Playlists' });
    this.emptyState = page.getByRole('region', { name: 'Add your songs' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard?tab=songs');
  }

  async choose(item: string): Promise<void> {
    await this.manageSongs.click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  filter(name: 'Genre' | 'Mood' | 'Year' | 'Decade'): Locator {
    return this.page.getByRole('combobox', { name, exact: true });
  }

  /** A song row, found by its exact title. */
  row(title: string): Locator {
    return this.songList.getByRole('article', { name: new RegExp(`^${escape(title)} by `) });
  }

  /** The titles in the list, top to bottom (the rendered ones). */
  async titles(): Promise<string[]> {
    return this.songList
      .locator('.song-row-title')
      .evaluateAll((titles) => titles.map((title) => title.firstChild?.textContent?.trim() ?? ''));
  }

  async select(title: string): Promise<void> {
    await this.songList
      .getByRole('checkbox', { name: new RegExp(`^Select ${escape(title)} by `) })
      .check();
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async openPlaylistManager(): Promise<Locator> {
    await this.playlistsSection.getByRole('button', { name: 'Manage Playlists' }).click();
    return this.dialog('Manage Playlists');
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
