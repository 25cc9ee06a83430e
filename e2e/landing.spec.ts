import { expect, test } from './fixtures.ts';

test('the support modal offers the amounts, defaults to $24 and closes on Escape', async ({
  page,
  landing,
}) => {
  await landing.goto();
  await landing.supportButton.click();

  const dialog = page.getByRole('dialog', { name: 'Support the project' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '$24' })).toBeChecked();
  for (const amount of ['$48', '$96', 'Custom']) {
    await expect(dialog.getByRole('radio', { name: amount })).toBeVisible();
  }
  await expect(dialog).toContainText('Online payment is not set up yet');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(landing.supportButton).toBeFocused();
});

test('the landing page announces the planned prices and that billing is off', async ({
  page,
  landing,
}) => {
  await landing.goto();
  const pricing = page.getByRole('region', { name: 'Free while we build it' });
  await expect(pricing).toContainText('$15');
  await expect(pricing).toContainText('$4/month');
  await expect(pricing).toContainText('$10/month');
});
