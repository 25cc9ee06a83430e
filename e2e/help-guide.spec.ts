import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { HelpDialogs } from './pages/help.ts';
import { SongsTab } from './pages/songs-tab.ts';

test('the ? button opens the Quick Start Guide, whose contact form sends a message', async ({
  page,
  signedInMusician,
}) => {
  const musician = await signedInMusician();
  const help = new HelpDialogs(page);

  await help.helpButton.click();
  await expect(help.guide).toBeVisible();
  await expect(help.guide.getByRole('listitem')).toHaveCount(4);
  await expect(help.guide.getByText('Start a show.')).toBeVisible();
  // Prefilled from the signed-in musician.
  await expect(help.field('Name')).toHaveValue(musician.name);
  await expect(help.field('Email')).toHaveValue(musician.email);

  await help.sendContact();
  await expect(help.guide.getByRole('alert')).toHaveText(messages.contactFieldsRequired);

  await help.field('Email').fill('not-an-email');
  await help.field('Message').fill('How do I print the flyer?');
  await help.sendContact();
  await expect(help.guide.getByRole('alert')).toHaveText(messages.emailInvalid);

  await help.field('Email').fill(musician.email);
  await help.sendContact();
  await expect(help.guide.getByRole('status')).toHaveText(messages.contactSent);
  await expect(help.field('Message')).toHaveValue('');

  await help.close(help.guide);
  await expect(help.guide).toBeHidden();
});

test('the Upgrade modal shows the free-mode subscription and prices that are not charged', async ({
  page,
  signedInMusician,
}) => {
  await signedInMusician();
  const help = new HelpDialogs(page);

  await help.upgradeButton.click();
  await expect(help.upgrade).toBeVisible();
  await expect(
    help.upgrade.getByRole('heading', { name: messages.subscriptionLabelActive }),
  ).toBeVisible();
  await expect(help.upgrade.getByText(messages.subscriptionFreeModeNote)).toBeVisible();
  await expect(help.upgrade.getByText(messages.subscriptionNotCharged)).toBeVisible();

  const annual = help.upgrade.getByRole('radio', { name: /Annual/ });
  const monthly = help.upgrade.getByRole('radio', { name: /Monthly/ });
  await expect(annual).toBeChecked();
  await expect(help.upgrade.getByText('$48/year')).toBeVisible();
  await monthly.check();
  await expect(monthly).toBeChecked();
  await expect(annual).not.toBeChecked();

  await help.upgrade.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(help.upgrade.getByRole('status').last()).toHaveText(
    messages.subscriptionBillingDisabled,
  );
  await help.close(help.upgrade);
  await expect(help.upgrade).toBeHidden();

  // The Profile tab has its own Upgrade button (spec section 2).
  await page.getByRole('tab', { name: 'Profile', exact: true }).click();
  await help.panel.getByRole('button', { name: 'Upgrade' }).click();
  await expect(help.upgrade.getByText(messages.subscriptionNotCharged)).toBeVisible();
});

test('Manage Songs → Songs Help explains the Songs tab', async ({ page, signedInMusician }) => {
  await signedInMusician();
  const songs = new SongsTab(page);
  const help = new HelpDialogs(page);
  await songs.goto();

  await songs.choose('Songs Help');
  await expect(help.songsHelp).toBeVisible();
  await expect(help.songsHelp.getByText('Auto-fill details')).toBeVisible();
  await help.close(help.songsHelp);
  await expect(help.songsHelp).toBeHidden();
});
