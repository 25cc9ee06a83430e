import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { PublicQueueView } from './pages/public-queue.ts';
import { updateProfileByApi } from './support/musicians.ts';
import { PHONE } from './support/phone.ts';
import { musicianRequestsByApi, submitRequestByApi } from './support/requests.ts';
import { CREEP, YELLOW } from './support/songs.ts';

const SHOTS = '/tmp/shots-venue';
mkdirSync(SHOTS, { recursive: true });

test('a phone sees the queue in order, its +1 counts once, and the dashboard shows the new count', async ({
  browser,
  request,
  signedInMusician,
  dashboard,
}) => {
  const musician = await signedInMusician({ songs: [YELLOW, CREEP], tab: 'Requests' });
  await updateProfileByApi(request, musician.token, { public_queue: true });
  const [yellow, creep] = musician.songIds;
  await submitRequestByApi(request, yellow, { requester_name: 'Ann Example' });
  await submitRequestByApi(request, creep, { requester_name: 'Ben Example' });

  const context = await browser.newContext(PHONE);
  const phonePage = await context.newPage();
  await new AudiencePage(phonePage).goto(musician.slug);
  const queue = new PublicQueueView(phonePage);
  await queue.tab.click();
  await expect(queue.rows).toHaveCount(2);
  expect(await queue.titles()).toEqual(['Yellow', 'Creep']);
  await expect(queue.view).not.toContainText('Example');

  await queue.vote('Creep', 'Cleo Voter', 'cleo@example.com');
  const voted = queue.row('Creep').getByRole('button', { name: 'Voted' });
  await expect(voted).toBeDisabled();
  await expect(queue.row('Creep')).toContainText('2 votes');
  await phonePage.screenshot({ path: `${SHOTS}/queue-390x844.png` });

  // The musician's dashboard shows it at once; the phone remembers it voted after a reload.
  await expect(
    dashboard.page.getByRole('article', { name: 'Creep by Radiohead' }).first(),
  ).toContainText('asked by 2 people');
  await phonePage.reload();
  await queue.tab.click();
  await expect(queue.row('Creep').getByRole('button', { name: 'Voted' })).toBeDisabled();

  // Pressed again from the same phone (a second tab, say): still one vote.
  const again = await phonePage.evaluate(
    async (id) => {
      const device = localStorage.getItem('song-requests:device-id') ?? '';
      const res = await fetch(`/api/requests/${id}/vote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-id': device },
        body: JSON.stringify({ requester_name: 'Cleo', requester_email: 'other@example.com' }),
      });
      return res.json() as Promise<{ votes: number; already_voted: boolean }>;
    },
    (await musicianRequestsByApi(request, musician.token)).find((r) => r.song_title === 'Creep')!
      .id,
  );
  expect(again).toEqual({ id: expect.any(String), votes: 2, already_voted: true });
  await context.close();
});
