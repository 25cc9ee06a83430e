import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import type { TestProvider } from '#server-test/features/oidc/test-provider.ts';
import { expect, test } from './fixtures.ts';
import { E2E_OIDC_BUTTON_LABEL, startE2eProvider } from './support/oidc-provider.ts';

let provider: TestProvider;
test.beforeAll(async () => {
  provider = await startE2eProvider();
});
test.afterAll(async () => provider.close());

/** The provider's development login page: any login name, any password, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('sign-in with an identity provider', () => {
  test('a first sign-in names the musician and reaches the dashboard; the next goes straight there', async ({
    page,
    landing,
    dashboard,
  }) => {
    const login = `ada-${randomUUID().slice(0, 8)}`;
    await landing.goto();
    await landing.panel.getByRole('link', { name: E2E_OIDC_BUTTON_LABEL }).click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await signInAtProvider(page, login);

    await expect(page.getByRole('heading', { name: 'Choose your stage name' })).toBeVisible();
    await expect(page.getByText(`${login}@example.com`)).toBeVisible();
    // The code left the address bar: a reload cannot send it again.
    await expect(page).toHaveURL('/profile');
    const stageName = page.getByRole('textbox', { name: 'Your Stage Name' });
    await expect(stageName).toHaveValue(`Provider ${login}`);
    await stageName.fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stageName).toHaveAccessibleDescription(messages.nameRequired);

    await stageName.fill('Ada and the Engines');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(dashboard.welcome).toHaveText('Welcome, Ada and the Engines');

    // Signed out and back in with the same provider account: the same musician, no questions.
    await dashboard.logoutButton.click();
    await landing.panel.getByRole('link', { name: E2E_OIDC_BUTTON_LABEL }).click();
    // The provider remembers the browser's session and consent: straight back to the app.
    await expect(page).toHaveURL('/dashboard');
    await expect(dashboard.welcome).toHaveText('Welcome, Ada and the Engines');
  });

  test('a provider error or a used code shows the failure message and a way back', async ({
    page,
    landing,
  }) => {
    await page.goto('/profile?error=access_denied&state=whatever');
    await expect(page.getByRole('alert')).toHaveText(messages.oidcFailed);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(landing.signInButton).toBeVisible();

    await page.goto('/profile?code=made-up&state=never-issued');
    await expect(page.getByRole('alert')).toHaveText(messages.oidcFailed);
  });

  test('a provider answer opened in another browser does not sign that browser in (login CSRF)', async ({
    page,
    landing,
    browser,
  }) => {
    // The attacker signs in at the provider as themselves and keeps the answer unused: their
    // own page never hands it to the server.
    let answer: string | undefined;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/profile' && url.searchParams.has('code')) answer = url.href;
    });
    await page.route('**/api/auth/oidc/callback', (route) => route.abort());
    await landing.goto();
    await landing.panel.getByRole('link', { name: E2E_OIDC_BUTTON_LABEL }).click();
    await signInAtProvider(page, `mallory-${randomUUID().slice(0, 8)}`);
    await expect.poll(() => answer).toBeDefined();

    // The victim's browser opens it (a link, an image, a redirect): it has no flow of its own.
    const victim = await browser.newContext();
    const victimPage = await victim.newPage();
    await victimPage.goto(answer!);
    await expect(victimPage.getByRole('alert')).toHaveText(messages.oidcFailed);
    await expect(victimPage.getByRole('heading', { name: 'Choose your stage name' })).toBeHidden();
    expect(
      await victimPage.evaluate(() => localStorage.getItem('song-requests.session')),
    ).toBeNull();
    await victim.close();
  });
});
