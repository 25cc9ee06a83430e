import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { FULL_PROFILE } from './support/musicians.ts';
import { song } from './support/songs.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { PHONE } from './support/phone.ts';

test.use(PHONE);

/** Twenty songs with a line of tags each, as a musician's list reads. */
const TWENTY_SONGS = Array.from({ length: 20 }, (_, i) =>
  song(`Song ${String(i + 1).padStart(2, '0')}`, `Artist ${i + 1}`, {
    genres: ['Indie Rock', 'Folk'],
    moods: ['Singalong'],
    year: 1990 + i,
  }),
);

test('a phone sees seven songs at once, the search while it scrolls, and Tip', async ({
  page,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ profile: FULL_PROFILE, songs: TWENTY_SONGS });
  await audience.goto(musician.slug);
  await expect(audience.songs.first()).toBeVisible();
  await expect(audience.tipButton).toBeInViewport({ ratio: 1 });
  expect(await audience.songsInView()).toBeGreaterThanOrEqual(7);

  await page.evaluate('window.scrollBy(0, 700)');
  await expect(audience.search).toBeInViewport({ ratio: 1 });
  await expect(audience.sort).toBeInViewport({ ratio: 1 });
  const toolbar = await audience.toolbar.boundingBox();
  expect(toolbar!.y).toBe(0);
  expect(toolbar!.height).toBeLessThanOrEqual(110);
  expect(await audience.songsInView()).toBeGreaterThanOrEqual(7);
});

test('the request form says what is wrong by each field, and remembers the name and email', async ({
  page,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ songs: TWENTY_SONGS.slice(0, 2) });
  const { request: form, sent } = audienceModals(page);
  await audience.goto(musician.slug);

  await audience.requestSong('Song 01');
  await form.name.fill('Ana');
  await form.email.fill('ana@example');
  await form.send.click();
  await expect(form.email).toBeFocused();
  await expect(form.email).toHaveAttribute('aria-invalid', 'true');
  await expect(form.email).toHaveAccessibleDescription(messages.emailInvalid);
  await expect(form.name).not.toHaveAttribute('aria-invalid');
  // The message sits under the email field, not at the foot of the form.
  const field = (await form.email.boundingBox())!;
  const message = (await form.dialog.getByText(messages.emailInvalid).boundingBox())!;
  expect(message.y - (field.y + field.height)).toBeLessThan(16);

  await form.email.fill('ana@example.com');
  await expect(form.email).not.toHaveAttribute('aria-invalid');
  await form.send.click();
  await sent.done.click();

  await audience.requestSong('Song 02');
  await expect(form.name).toHaveValue('Ana');
  await expect(form.email).toHaveValue('ana@example.com');
});
