import type { Locator, Page } from '@playwright/test';
import WebSocket from 'ws';
import { messages } from '#shared/messages.ts';
import { FEED_CLOSE } from '#shared/schemas/feed.ts';
import { E2E_APP_PORT } from './e2e-ports.ts';
import { expect, test } from './fixtures.ts';
import { ProfileTab } from './pages/profile-tab.ts';

/** The Profile tab's "Live feed" section (the page model of this spec). */
class LiveFeedSection {
  readonly section: Locator;
  readonly nameField: Locator;
  readonly createButton: Locator;
  readonly newToken: Locator;
  readonly token: Locator;
  readonly overlayLink: Locator;
  readonly feedAddress: Locator;
  readonly done: Locator;
  readonly tokens: Locator;
  readonly empty: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByRole('region', { name: 'Live feed' });
    this.nameField = this.section.getByLabel('Name (optional)');
    this.createButton = this.section.getByRole('button', { name: 'Create feed token' });
    this.newToken = this.section.getByRole('group', { name: 'New feed token' });
    this.token = this.newToken.getByRole('textbox', { name: 'Token' });
    this.overlayLink = this.newToken.getByRole('textbox', { name: 'Overlay link' });
    this.feedAddress = this.newToken.getByRole('textbox', { name: 'Feed address' });
    this.done = this.newToken.getByRole('button', { name: 'Done' });
    this.tokens = this.section.getByRole('list', { name: 'Feed tokens' }).getByRole('listitem');
    this.empty = this.section.getByText('No feed tokens yet.');
  }

  async open(): Promise<void> {
    await this.page.goto('/dashboard?tab=profile&section=devices');
  }

  copyButton(label: string): Locator {
    return this.newToken.getByRole('button', { name: new RegExp(`^(Copy|Copied!) ${label}$`) });
  }

  async revoke(name: string): Promise<void> {
    await this.section.getByRole('button', { name: `Revoke ${name}` }).click();
    await this.page
      .getByRole('dialog', { name: 'Revoke this feed token?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
  }
}

const base = `127.0.0.1:${E2E_APP_PORT}`;

/** A script's feed (the `ws` package): resolves when hello arrives; `closed` with the code. */
function openFeed(address: string) {
  const socket = new WebSocket(address);
  const hello = new Promise<void>((resolve) => socket.once('message', () => resolve()));
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  socket.on('error', () => {});
  return { socket, hello, closed };
}

test.describe('Live feed tokens in the Profile tab', () => {
  test('a token is made, shown once with its links, copied, used, and revoked', async ({
    page,
    context,
    signedInMusician,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const musician = await signedInMusician();
    const feed = new LiveFeedSection(page);
    await feed.open();
    await expect(feed.empty).toBeVisible();

    await feed.nameField.fill('OBS overlay');
    await feed.createButton.click();
    await expect(feed.newToken).toContainText('OBS overlay');
    await expect(feed.newToken).toContainText('shown only this once');
    const token = await feed.token.inputValue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(feed.overlayLink).toHaveValue(
      `http://${base}/overlay/${musician.slug}?token=${token}`,
    );
    await expect(feed.feedAddress).toHaveValue(`ws://${base}/api/feed?token=${token}`);
    await expect(feed.tokens).toHaveCount(1);
    await expect(feed.tokens).toContainText('not used yet');
    await expect(feed.nameField).toHaveValue('');

    // Copy puts the value on the clipboard and says so.
    await feed.copyButton('Overlay link').click();
    await expect(feed.copyButton('Overlay link')).toHaveText('Copied! Overlay link');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(
      await feed.overlayLink.inputValue(),
    );
    await feed.copyButton('Token').click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(token);

    // The copied feed address works for a script.
    const script = openFeed(await feed.feedAddress.inputValue());
    await script.hello;

    // Done: the token is gone from the page and never shown again, even after a reload.
    await feed.done.click();
    await expect(feed.newToken).toHaveCount(0);
    await page.reload();
    await expect(feed.tokens).toHaveCount(1);
    await expect(feed.tokens).toContainText('OBS overlay');
    await expect(feed.tokens).toContainText('Last used');
    expect(await page.content()).not.toContain(token);

    // Revoking asks first, then closes the script's feed at once.
    await feed.section.getByRole('button', { name: 'Revoke OBS overlay' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this feed token?' })
      .getByRole('button', {
        name: 'Cancel',
      })
      .click();
    await expect(feed.tokens).toHaveCount(1);
    await feed.revoke('OBS overlay');
    await expect(feed.tokens).toHaveCount(0);
    await expect(feed.empty).toBeVisible();
    expect(await script.closed).toBe(FEED_CLOSE.tokenRefused);
    const refused = openFeed(`ws://${base}/api/feed?token=${token}`);
    expect(await refused.closed).toBe(FEED_CLOSE.tokenRefused);
  });

  test('changing the password revokes every token: its feeds close and the list empties', async ({
    page,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const feed = new LiveFeedSection(page);
    await feed.open();
    await feed.nameField.fill('Lights');
    await feed.createButton.click();
    const script = openFeed(await feed.feedAddress.inputValue());
    await script.hello;
    await feed.done.click();
    await expect(feed.tokens).toHaveCount(1);

    const profile = new ProfileTab(page);
    await profile.showSection('Account');
    await profile.changePasswordButton.click();
    await profile.changePassword(musician.password, 'brand new pass 7');
    await expect(profile.accountStatus).toHaveText(messages.passwordUpdated);

    expect(await script.closed).toBe(FEED_CLOSE.tokenRefused);
    // The list says so without a reload.
    await profile.showSection('Devices & access');
    await expect(feed.tokens).toHaveCount(0);
    await expect(feed.empty).toBeVisible();
  });

  test('a name too long is refused with a sentence, and unnamed tokens are numbered', async ({
    page,
    signedInMusician,
  }) => {
    const musician = await signedInMusician();
    const feed = new LiveFeedSection(page);
    await feed.open();
    await feed.createButton.click();
    await expect(feed.newToken).toContainText('Live feed 1');
    await feed.done.click();
    await expect(feed.tokens).toContainText('Live feed 1');

    // The field stops at 60 characters; the API refuses more with a sentence.
    await feed.nameField.fill('x'.repeat(80));
    await expect(feed.nameField).toHaveValue('x'.repeat(60));
    const res = await page.request.post('/api/feed-tokens', {
      data: { name: 'x'.repeat(61) },
      headers: { authorization: `Bearer ${musician.token}` },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ detail: messages.feedTokenNameInvalid });
  });
});
