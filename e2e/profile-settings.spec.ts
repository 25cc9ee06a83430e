import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { addSongByApi } from './support/musicians.ts';
import { HALLELUJAH, song } from './support/songs.ts';
import { ProfileTab } from './pages/profile-tab.ts';

test('a musician edits the profile; the audience page shows it', async ({
  page,
  signedInMusician,
}) => {
  const musician = await signedInMusician();
  const profile = new ProfileTab(page);
  await profile.open();

  await expect(profile.email).toHaveValue(musician.email);
  await expect(profile.email).not.toBeEditable();

  await profile.stageName.fill('');
  await profile.saveButton.click();
  await expect(profile.stageName).toHaveAccessibleDescription(messages.nameRequired);

  await profile.stageName.fill('The Renamed Band');
  await profile.bio.fill('Piano bar classics every Friday.');
  await profile.website.fill('renamed.example.com');
  // A typed @ or $ is dropped as it is typed: these handles are entered without one.
  await profile.venmo.pressSequentially('@renamed-venmo');
  await expect(profile.venmo).toHaveValue('renamed-venmo');
  await profile.cashApp.pressSequentially('$RenamedCash');
  await expect(profile.cashApp).toHaveValue('RenamedCash');
  await profile.zelleEmail.fill('not an email');
  await profile.saveButton.click();
  await expect(profile.zelleEmail).toHaveAccessibleDescription(messages.zelleEmailInvalid);

  await profile.zelleEmail.fill('zelle@example.com');
  await profile.spotify.fill('https://open.spotify.com/artist/renamed');
  await profile.venmoEnabled.uncheck();
  await profile.saveButton.click();
  await expect(profile.settingsStatus).toHaveText(messages.profileUpdated);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, The Renamed Band');
  await expect(profile.website).toHaveValue('https://renamed.example.com');

  await page.reload();
  await profile.open();
  await expect(profile.stageName).toHaveValue('The Renamed Band');
  await expect(profile.venmoEnabled).not.toBeChecked();

  await page.goto(`/musician/${musician.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Renamed Band');
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
  await profile.open();
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
