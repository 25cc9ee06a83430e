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
  // Each step names the tab where it happens: Start a Show leads the On Stage tab's header.
  await expect(help.step('Start a show.')).toContainText('In the On Stage tab');
  await expect(help.step('Work the queue.')).toContainText('On Stage tab');
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

test('Songs Help explains the Songs tab, with the LST format the importer reads', async ({
  page,
  signedInMusician,
}) => {
  await signedInMusician();
  const songs = new SongsTab(page);
  const help = new HelpDialogs(page);
  await songs.goto();

  // One Songs Help: the toolbar's button; the Manage Songs menu holds the spec's items only.
  await songs.manageSongs.click();
  await expect(page.getByRole('menuitem', { name: 'Songs Help' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await songs.helpButton.click();
  await expect(help.songsHelp).toHaveCount(1);
  await expect(help.songsHelp.getByText('Auto-fill All', { exact: false }).first()).toBeVisible();
  // The parser splits "Title - Artist" (song-import's lst-parser.ts).
  await expect(help.songsHelp).toContainText('Title - Artist');
  await expect(help.songsHelp).toContainText('Wonderwall - Oasis');
  await expect(help.songsHelp).not.toContainText('Artist - Title');
  await help.close(help.songsHelp);
  await expect(help.songsHelp).toBeHidden();
});

test('the On Stage tab says which show is running', async ({
  page,
  dashboard,
  signedInMusician,
}) => {
  await signedInMusician();
  await expect(dashboard.onStageShow).toHaveText('No show running');
  await dashboard.tab('Requests').click();
  await page.getByRole('button', { name: 'Start a Show' }).click();
  await page.getByLabel('Show name').fill('Friday at the Pub');
  await page.getByRole('button', { name: 'Start Show' }).click();
  await expect(page.getByText('Live: Friday at the Pub')).toBeVisible();
  await dashboard.tab('On Stage').click();
  await expect(dashboard.onStageShow).toHaveText('Show running: Friday at the Pub');
});
