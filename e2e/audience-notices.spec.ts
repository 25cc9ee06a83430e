import { expect, test } from './fixtures.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { updateProfileByApi } from './support/musicians.ts';
import { PHONE } from './support/phone.ts';
import { HALO } from './support/songs.ts';

const SHOTS = 'test-results/audience-notices';

test.use(PHONE);

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

test('before the doors, one notice says requests are off and when they open', async ({
  page,
  request,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ songs: [HALO] });
  await updateProfileByApi(request, musician.token, { requests_open_at: inSeconds(3600) });
  await audience.goto(musician.slug);
  await expect(audience.requestsOff).toContainText(/Requests open at \d{1,2}:\d{2}\s?[AP]M/);
  await expect(audience.notices).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/doors-390.png` });
  await expectNoSeriousA11yFindings(page, 'the audience page before the doors');
});

test('the suggestion form starts from what was searched for', async ({
  page,
  audience,
  registeredMusician,
}) => {
  const musician = await registeredMusician({ songs: [HALO] });
  const { suggest } = audienceModals(page);
  await audience.goto(musician.slug);
  await audience.search.fill('  Bohemian Rhapsody ');
  await page.getByRole('button', { name: 'Suggest a Song' }).click();
  await expect(suggest.songTitle).toHaveValue('Bohemian Rhapsody');
  await expect(suggest.artist).toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/suggest-prefilled-390.png` });
  await expectNoSeriousA11yFindings(page, 'the audience page, its suggestion sheet open');
});
