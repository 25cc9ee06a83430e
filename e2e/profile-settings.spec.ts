import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { addSongByApi } from './support/musicians.ts';
import { HALLELUJAH, song } from './support/songs.ts';
import { ProfileTab } from './pages/profile-tab.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { atEachSize } from './support/screenshots.ts';

/** The sizes the dashboard is looked at: a phone, a tablet upright, a laptop. */
const DASHBOARD_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'tablet landscape', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
];

test('a musician edits every section of the profile and saves them with one button', async ({
  page,
  signedInMusician,
}) => {
  const musician = await signedInMusician();
  const profile = new ProfileTab(page);
  await profile.open();

  await expect(profile.email).toHaveValue(musician.email);
  await expect(profile.email).not.toBeEditable();
  await expect(profile.saveNote).toHaveText(messages.profileAllSaved);

  await profile.stageName.fill('');
  await profile.saveButton.click();
  await expect(profile.stageName).toHaveAccessibleDescription(messages.nameRequired);

  await profile.stageName.fill('The Renamed Band');
  await profile.bio.fill('Piano bar classics every Friday.');
  await profile.website.fill('renamed.example.com');
  await expect(profile.saveNote).toHaveText(messages.profileUnsavedChanges);

  await profile.showSection('Payments');
  // A typed @ or $ is dropped as it is typed: these handles are entered without one.
  await profile.venmo.pressSequentially('@renamed-venmo');
  await expect(profile.venmo).toHaveValue('renamed-venmo');
  await profile.cashApp.pressSequentially('$RenamedCash');
  await expect(profile.cashApp).toHaveValue('RenamedCash');
  await profile.zelleEmail.fill('not an email');
  await profile.venmoEnabled.uncheck();

  await profile.showSection('Links');
  await profile.spotify.fill('https://open.spotify.com/artist/renamed');
  await profile.showSection('Show settings');
  await profile.repeatRule.selectOption('Not twice in the same show');
  await profile.venueScreenOn.uncheck();

  // One Save for every section; a field in error elsewhere brings its section back.
  await profile.saveButton.click();
  await expect(profile.sectionButton('Payments')).toHaveAttribute('aria-current', 'page');
  await expect(profile.zelleEmail).toHaveAccessibleDescription(messages.zelleEmailInvalid);

  await profile.zelleEmail.fill('zelle@example.com');
  await profile.saveButton.click();
  await expect(profile.settingsStatus).toHaveText(messages.profileUpdated);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, The Renamed Band');

  await page.reload();
  await profile.showSection('Profile');
  await expect(profile.stageName).toHaveValue('The Renamed Band');
  await expect(profile.website).toHaveValue('https://renamed.example.com');
  await profile.showSection('Payments');
  await expect(profile.venmoEnabled).not.toBeChecked();
  await expect(profile.zelleEmail).toHaveValue('zelle@example.com');
  await profile.showSection('Links');
  await expect(profile.spotify).toHaveValue('https://open.spotify.com/artist/renamed');
  await profile.showSection('Show settings');
  await expect(profile.repeatRule).toHaveValue('show');
  await expect(profile.venueScreenOn).not.toBeChecked();

  await page.goto(`/musician/${musician.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Renamed Band');
});

test('edits survive a visit to another section and can be saved from there', async ({
  page,
  signedInMusician,
}) => {
  await signedInMusician();
  const profile = new ProfileTab(page);
  await profile.open();
  await profile.bio.fill('Songs for the whole room 🎹'.repeat(3));
  await profile.showSection('Account');
  await expect(profile.saveNote).toHaveText(messages.profileUnsavedChanges);
  await profile.showSection('Profile');
  await expect(profile.bio).toHaveValue('Songs for the whole room 🎹'.repeat(3));
  await profile.showSection('Audience link & QR');
  await profile.saveButton.click();
  await expect(page.getByRole('status').filter({ hasText: messages.profileUpdated })).toBeVisible();
});

test('every section of the Profile tab passes axe', async ({ page, signedInMusician }) => {
  // Seven sections, each checked by axe.
  test.setTimeout(90_000);
  await signedInMusician();
  const profile = new ProfileTab(page);
  await profile.open('Audience link & QR');
  const sections = [
    'Audience link & QR',
    'Profile',
    'Payments',
    'Links',
    'Show settings',
    'Devices & access',
    'Account',
  ] as const;
  for (const section of sections) {
    await profile.showSection(section);
    await expect(profile.sectionButton(section)).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yFindings(page, `Profile: ${section}`);
  }
});

test('the Profile tab at each size (pictures to look at)', async ({ page, signedInMusician }) => {
  await signedInMusician();
  const profile = new ProfileTab(page);
  await profile.open();
  const shoot = (name: string, sizes = DASHBOARD_SIZES) =>
    atEachSize(
      page,
      ({ width, height }) =>
        page.screenshot({ path: `test-results/shots/profile-${name}-${width}x${height}.png` }),
      sizes,
    );
  await shoot('profile');
  await profile.showSection('Payments');
  await shoot('payments');
  const phoneAndLaptop = [DASHBOARD_SIZES[0]!, DASHBOARD_SIZES[3]!];
  await profile.showSection('Audience link & QR');
  await shoot('link', phoneAndLaptop);
  await profile.showSection('Show settings');
  await shoot('show', phoneAndLaptop);
});

test('a slug change keeps the old link (and printed QR code) working', async ({
  page,
  request,
  signedInMusician,
  registeredMusician,
}) => {
  const musician = await signedInMusician();
  const other = await registeredMusician();
  await addSongByApi(request, musician.token, { title: 'Moon River', artist: 'Henry Mancini' });
  const profile = new ProfileTab(page);
  await profile.open();

  await profile.slug.fill(other.slug);
  await expect(profile.slug).toHaveAccessibleDescription(containing(messages.slugTaken));
  await profile.slug.fill('Bad Slug!');
  await expect(profile.slug).toHaveAccessibleDescription(containing(messages.slugInvalid));

  const newSlug = `${musician.slug}-live`;
  await profile.slug.fill(newSlug);
  await expect(profile.slug).toHaveAccessibleDescription(messages.slugAvailable);
  await profile.saveButton.click();
  await expect(profile.settingsStatus).toHaveText(messages.profileUpdated);
  await profile.showSection('Audience link & QR');
  await expect(page.getByRole('textbox', { name: 'Audience link' })).toHaveValue(
    new RegExp(`/musician/${newSlug}$`),
  );

  await page.goto(`/musician/${musician.slug}?sort=alphabetical`);
  await expect(page).toHaveURL(new RegExp(`/musician/${newSlug}\\?sort=alphabetical$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(musician.name);
  await expect(page.getByText('Moon River')).toBeVisible();
});

test('the Active Playlist selector chooses what the audience sees', async ({
  page,
  request,
  signedInMusician,
}) => {
  const musician = await signedInMusician({
    songs: [song('Fly Me to the Moon', 'Frank Sinatra'), HALLELUJAH],
  });
  const [songId] = musician.songIds;
  const created = await request.post('/api/playlists', {
    headers: { authorization: `Bearer ${musician.token}` },
    data: { name: 'Swing Set', song_ids: [songId] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const shown = await request.put(`/api/playlists/${id}/visibility`, {
    headers: { authorization: `Bearer ${musician.token}` },
    data: { is_public: true },
  });
  expect(shown.ok()).toBe(true);

  const profile = new ProfileTab(page);
  await profile.open('Audience link & QR');
  await expect(profile.activePlaylist).toHaveValue('');
  await profile.activePlaylist.selectOption({ label: 'Swing Set (1 song)' });
  await expect(profile.activePlaylist).toBeEnabled();
  await expect(profile.activePlaylist.locator('option:checked')).toHaveText('Swing Set (1 song)');

  await page.goto(`/musician/${musician.slug}`);
  await expect(page.getByText('Fly Me to the Moon')).toBeVisible();
  await expect(page.getByText('Hallelujah')).toHaveCount(0);
});

/** The field's description holds its hint (the link it would make) and then its message. */
function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
