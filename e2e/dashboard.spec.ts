import { expect, test } from './fixtures.ts';

test.describe('dashboard', () => {
  test.beforeEach(async ({ signedInMusician }) => {
    await signedInMusician();
  });

  test('opens on the On Stage tab and moves between tabs with the arrow keys', async ({
    page,
    dashboard,
  }) => {
    await expect(dashboard.tabs).toHaveText([
      'On Stage',
      'Songs',
      'Requests',
      'Analytics',
      'Profile',
      'Design',
    ]);
    await expect(dashboard.tab('On Stage')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.sectionSelect).toBeHidden();

    await dashboard.tab('On Stage').focus();
    await page.keyboard.press('ArrowRight');
    await expect(dashboard.tab('Songs')).toBeFocused();
    await expect(dashboard.tab('Songs')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dashboard.tab('Design')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.panel).toContainText('Audience page design');
  });

  test('the Profile tab shows the audience link and copies it', async ({
    page,
    context,
    dashboard,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await dashboard.tab('Profile').click();
    await expect(page).toHaveURL('/dashboard?tab=profile');

    const link = await dashboard.audienceLink.inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/musician\/[a-z0-9-]+$/);
    await expect(dashboard.viewLink).toHaveAttribute('href', link);
    await expect(dashboard.viewLink).toHaveAttribute('target', '_blank');

    await dashboard.copyLinkButton.click();
    await expect(dashboard.copyLinkButton).toHaveText('Copied!');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
    await expect(dashboard.copyLinkButton).toHaveText('Copy', { timeout: 4_000 });
  });

  test('/profile opens the dashboard on the Profile tab', async ({ page, dashboard }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/dashboard?tab=profile');
    await expect(dashboard.tab('Profile')).toHaveAttribute('aria-selected', 'true');
  });

  test('on a phone the tabs become a dropdown', async ({ page, dashboard }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(dashboard.tabs.first()).toBeHidden();
    await dashboard.sectionSelect.selectOption('Profile');
    await expect(page).toHaveURL('/dashboard?tab=profile');
    await expect(dashboard.audienceLink).toBeVisible();
  });

  test('says when the profile cannot be reloaded, and Retry reloads it', async ({
    page,
    dashboard,
  }) => {
    await page.route('**/api/profile', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } }),
    );
    await page.reload();
    const failed = page.getByRole('alert').filter({ hasText: 'Error loading profile' });
    await expect(failed).toBeVisible();
    // The stored profile stays usable meanwhile.
    await expect(dashboard.welcome).toBeVisible();

    await page.unroute('**/api/profile');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toBeHidden();
  });
});
