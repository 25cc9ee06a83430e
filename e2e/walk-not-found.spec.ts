import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';

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
