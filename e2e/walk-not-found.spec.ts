import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { atEachSize } from './support/screenshots.ts';

test('an unknown address inside the app says there is nothing there, with a way home', async ({
  page,
}) => {
  await page.goto('/');
  // A link inside the app to an address it does not know (the server answers direct visits).
  await page.evaluate(() => {
    const win = globalThis as unknown as {
      history: { pushState(state: unknown, unused: string, url: string): void };
      dispatchEvent(event: unknown): void;
    };
    win.history.pushState(null, '', '/nope');
    win.dispatchEvent(new Event('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.pageNotFound);
  await expect(page.getByText(messages.notFoundRoute)).toBeVisible();
  await expect(page).toHaveURL(/\/nope$/);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const address of ['/nope', '/dashboard/extra', '/musician/some-band/extra']) {
  test(`typing ${address} shows the app's own "not found" page, not raw JSON`, async ({ page }) => {
    const response = await page.goto(address);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.pageNotFound);
    await expect(page.getByText(messages.notFoundRoute)).toBeVisible();
    await expect(page.getByText('"detail"')).toHaveCount(0);
    const shots = process.env.E2E_SHOTS_DIR;
    if (shots && address === '/nope') {
      await atEachSize(page, ({ width }) =>
        page.screenshot({ path: `${shots}/not-found-${width}.png` }),
      );
    }
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('a missing script is a plain 404, never the app page', async ({ request }) => {
  const response = await request.get('/assets/nope.js', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('<!doctype html>');
});
