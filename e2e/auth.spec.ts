import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';

test.describe('sign-in and registration', () => {
  test('a new musician registers, stays signed in, logs out and logs in again', async ({
    page,
    landing,
    dashboard,
    newMusician,
  }) => {
    const musician = newMusician();
    await landing.goto();
    await landing.register(musician);

    await expect(page).toHaveURL('/dashboard');
    await expect(dashboard.welcome).toHaveText(`Welcome, ${musician.name}`);

    await page.reload();
    await expect(dashboard.welcome).toHaveText(`Welcome, ${musician.name}`);

    await dashboard.logoutButton.click();
    await expect(page).toHaveURL('/');
    await expect(landing.notice).toHaveText(messages.loggedOut);

    await landing.login(musician.email, musician.password);
    await expect(page).toHaveURL('/dashboard');
    await expect(dashboard.welcome).toHaveText(`Welcome, ${musician.name}`);
  });

  test('a wrong password shows the server message', async ({
    page,
    landing,
    registeredMusician,
  }) => {
    const musician = await registeredMusician();
    await landing.goto();
    await landing.login(musician.email, 'not the right password');

    await expect(landing.error).toHaveText(messages.invalidCredentials);
    await expect(page).toHaveURL('/');
  });

  test('the register form checks its fields before sending', async ({ page, landing }) => {
    await landing.goto();
    await landing.switchToRegister.click();
    await landing.email.fill('not-an-email');
    await landing.password.fill('short');
    await landing.signUpButton.click();

    await expect(landing.stageName).toHaveAccessibleDescription(messages.nameRequired);
    await expect(landing.email).toHaveAccessibleDescription(messages.emailInvalid);
    await expect(landing.password).toHaveAccessibleDescription(
      new RegExp(messages.passwordTooShort),
    );
    await expect(page).toHaveURL('/');

    await landing.stageName.fill('The Fixers');
    await expect(landing.stageName).toHaveAccessibleDescription('');
  });

  test('an email already registered is refused with the server message', async ({
    landing,
    registeredMusician,
    newMusician,
  }) => {
    const existing = await registeredMusician();
    await landing.goto();
    await landing.register(newMusician({ email: existing.email }));

    await expect(landing.error).toHaveText(messages.emailTaken);
  });

  test('the switch link toggles between sign in and sign up', async ({ landing }) => {
    await landing.goto();
    await expect(landing.stageName).toBeHidden();
    await landing.switchToRegister.click();
    await expect(landing.stageName).toBeVisible();
    await landing.switchToLogin.click();
    await expect(landing.stageName).toBeHidden();
    await expect(landing.signInButton).toBeVisible();
  });
});

test.describe('routing by session', () => {
  test('a logged-out visit to /dashboard or /profile lands on the landing page', async ({
    page,
    landing,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/');
    await expect(landing.signInButton).toBeVisible();

    await page.goto('/profile');
    await expect(page).toHaveURL('/');
  });

  test('a logged-in visit to / goes to the dashboard', async ({ page, signedInMusician }) => {
    await signedInMusician();

    await page.goto('/');
    await expect(page).toHaveURL('/dashboard');
  });

  test('a session revoked while the app was closed is forgotten on the next visit', async ({
    page,
    request,
    landing,
    dashboard,
    signedInMusician,
  }) => {
    await signedInMusician();
    const token = await dashboard.storedToken();
    // Leave first: an open dashboard would notice the revocation by itself (next test).
    await page.goto('about:blank');
    const logout = await request.post('/api/auth/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.ok()).toBe(true);

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/');
    await expect(landing.notice).toHaveText(messages.sessionExpired);
    expect(await dashboard.storedToken()).toBeNull();
  });

  test('an open dashboard whose session is revoked elsewhere goes back to sign in', async ({
    page,
    request,
    landing,
    dashboard,
    signedInMusician,
  }) => {
    await signedInMusician();
    await expect(dashboard.connection).toHaveText('Connected');
    const token = await dashboard.storedToken();
    const logout = await request.post('/api/auth/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.ok()).toBe(true);

    await expect(page).toHaveURL('/');
    await expect(landing.notice).toHaveText(messages.sessionExpired);
    expect(await dashboard.storedToken()).toBeNull();
  });
});
