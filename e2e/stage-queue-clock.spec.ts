import { expect, test } from './fixtures.ts';
import { updateProfileByApi } from './support/musicians.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { flattenGradients } from './support/flatten-gradients.ts';
import { atEachSize } from './support/screenshots.ts';
import { song } from './support/songs.ts';

// The stage reads the queue by the clock (issue 47): its length, and where the last call falls.
// Ten-minute songs (one of unknown length, counted 4 minutes) and a last call 25 minutes away:
// the waiting songs start 10, 20, 30, 40 and 44 minutes from now, so the line falls after the
// second with minutes to spare either side, however slowly the machine runs the test.
const SONGS = [
  song('Wonderwall', 'Oasis', { duration_seconds: '10:00' }),
  song('Yellow', 'Coldplay', { duration_seconds: '10:00' }),
  song('Creep', 'Radiohead', { duration_seconds: '10:00' }),
  song('Halo', 'Beyoncé', { duration_seconds: '10:00' }),
  song('Jolene', 'Dolly Parton'),
  song('Dreams', 'Fleetwood Mac', { duration_seconds: '10:00' }),
] as const;

test('the stage shows the queue’s length and marks the songs that won’t fit before last call', async ({
  page,
  request,
  onStage,
  dashboard,
  signedInMusician,
}) => {
  test.setTimeout(90_000);
  const musician = await signedInMusician({ songs: SONGS });
  const ids: string[] = [];
  for (const songId of musician.songIds) ids.push((await submitRequestByApi(request, songId)).id);
  await setRequestStatusByApi(request, musician.token, ids[0]!, 'up_next');
  const lastCall = new Date(Date.now() + 25 * 60_000).toISOString();
  await updateProfileByApi(request, musician.token, { requests_close_at: lastCall });

  await page.setViewportSize({ width: 1180, height: 820 });
  await onStage.goto(musician.slug);
  await expect(onStage.waitingRows).toHaveCount(5);
  // Up Next's Wonderwall and the five waiting: 5 × 10 minutes and 4 for Jolene.
  await expect(onStage.queueLength).toHaveText('Queue: 54 min · 6 songs');
  await expect(onStage.lastCallLine).toHaveText(
    /^Last call \d{1,2}:\d{2}\s?[AP]M: the songs below won't fit$/,
  );
  await expect(onStage.lateRows.locator('.request-song')).toHaveText(['Halo', 'Jolene', 'Dreams']);
  // The line sits right above the first song that won't fit.
  const line = (await onStage.lastCallLine.boundingBox())!;
  const creep = (await onStage.card('Creep', onStage.active).boundingBox())!;
  const halo = (await onStage.card('Halo', onStage.active).boundingBox())!;
  expect(line.y).toBeGreaterThan(creep.y + creep.height - 1);
  expect(line.y + line.height).toBeLessThanOrEqual(halo.y + 1);
  // The line and the tags keep their contrast on the dark stage (axe, WCAG AA).
  await flattenGradients(page);
  await expectNoSeriousA11yFindings(page, 'the stage with a last call');

  // Pictures for a person to look at (no test reads them): the stage's sizes and a phone.
  const shots = test.info().outputPath();
  await atEachSize(
    page,
    async (size) => {
      await expect(onStage.lastCallLine).toBeVisible();
      await page.screenshot({ path: `${shots}/stage-clock-${size.name}.png`, fullPage: true });
    },
    [
      { name: 'tablet-landscape', width: 1180, height: 820 },
      { name: 'desktop', width: 1440, height: 900 },
      { name: 'tablet', width: 820, height: 1180 },
      { name: 'phone', width: 390, height: 844 },
    ],
  );

  // Without a last call, nothing is marked; the length stays.
  await updateProfileByApi(request, musician.token, { requests_close_at: null });
  await onStage.page.reload();
  await expect(onStage.queueLength).toHaveText('Queue: 54 min · 6 songs');
  await expect(onStage.lastCallLine).toHaveCount(0);
  await expect(onStage.lateRows).toHaveCount(0);

  // The dashboard's board adds the queue up too.
  await page.setViewportSize({ width: 1440, height: 900 });
  await dashboard.goto();
  await expect(dashboard.liveColumn.getByText('Queue: 54 min · 6 songs')).toBeVisible();
  await page.screenshot({ path: `${shots}/dashboard-clock-desktop.png` });
});
