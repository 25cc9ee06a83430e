import { expect, test } from './fixtures.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { PublicQueueView } from './pages/public-queue.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { FULL_PROFILE, updateProfileByApi } from './support/musicians.ts';
import { PHONE } from './support/phone.ts';
import { submitRequestByApi } from './support/requests.ts';
import { atEachSize } from './support/screenshots.ts';
import { CREEP, DREAMS, HALO, YELLOW } from './support/songs.ts';

const SHOTS = 'test-results/audience-sent';

test.use(PHONE);

// The phone after Send (issue 43 §5): the success state first, with the place in line at once,
// the tip an optional step after it; the Queue marks one's own request and says why a +1 failed.
test.describe('the phone after Send', () => {
  test('says "Sent: you\'re #4 in line" within a second, the tip one optional tap after it', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({
      profile: FULL_PROFILE,
      songs: [YELLOW, CREEP, HALO, DREAMS],
    });
    // Three requests ahead, from other phones.
    for (const songId of musician.songIds.slice(0, 3)) await submitRequestByApi(request, songId);
    const { request: form, sent, tip } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.fillRequest('Dreams', 'Maria', 'maria@example.com', 'For my sister');
    await expectNoSeriousA11yFindings(page, 'the audience page, its request form open');
    await form.send.click();
    await expect(sent.headline).toHaveText("Sent: you're #4 in line", { timeout: 1_000 });
    await expect(sent.dialog).toContainText('Dreams');
    await expect(sent.dialog).toContainText('Fleetwood Mac');
    await expect(tip.dialog).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/sent-390.png` });
    await expectNoSeriousA11yFindings(page, 'the audience page, its request sent sheet open');

    // The tip is a step one may take, and come back from.
    await sent.sendTip.click();
    await expect(tip.dialog).toBeVisible();
    await expectNoSeriousA11yFindings(page, 'the audience page, its tip sheet open');
    await tip.noTip.click();
    await expect(sent.headline).toHaveText("Sent: you're #4 in line");
    await atEachSize(
      page,
      ({ width, height }) => page.screenshot({ path: `${SHOTS}/sent-${width}x${height}.png` }),
      [
        { name: 'tablet', width: 768, height: 1024 },
        { name: 'desktop', width: 1280, height: 800 },
        { name: 'phone', width: 390, height: 844 },
      ],
    );
    await sent.done.click();
    await expect(sent.dialog).toBeHidden();
    // Three songs ahead of unknown length, 4 minutes each, with no Played marks to pace them.
    await expect(audience.myRequest('Dreams')).toContainText('#4 in line, about 12 min');
    await expectNoSeriousA11yFindings(page, 'the audience page with a request sent');
  });

  test("the Queue marks the phone's own request without +1, and a refused +1 says why on its row", async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [YELLOW, CREEP, HALO, DREAMS] });
    await updateProfileByApi(request, musician.token, { public_queue: true });
    const [yellow, creep, halo] = musician.songIds;
    await submitRequestByApi(request, yellow, { requester_name: 'Ann Example' });
    const { sent } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.sendRequest('Dreams', 'Maria', 'maria@example.com');
    await sent.done.click();
    // Two more in her name from another device: three songs in ten minutes, the most allowed.
    for (const songId of [creep, halo]) {
      const filed = await request.post('/api/requests', {
        data: { song_id: songId, requester_name: 'Maria', requester_email: 'maria@example.com' },
      });
      expect(filed.status()).toBe(201);
    }

    const queue = new PublicQueueView(page);
    await queue.tab.click();
    await expect(queue.rows).toHaveCount(4);
    await expect(queue.mine('Dreams')).toBeVisible();
    await expect(queue.row('Dreams').getByRole('button')).toHaveCount(0);
    await expect(queue.voteButton('Yellow')).toBeEnabled();

    // Her +1 would be a fourth song in ten minutes: the server refuses it (429), in words.
    await queue.voteButton('Yellow').click();
    await expect(queue.refusal('Yellow')).toHaveText(
      /^You have requested 3 songs in the last 10 minutes\. Try again in \d+ minutes?\.$/,
    );
    await expect(queue.voteButton('Yellow')).toBeEnabled();
    await expect(queue.row('Yellow')).not.toContainText('votes');
    await page.screenshot({ path: `${SHOTS}/queue-refused-390.png` });
    await expectNoSeriousA11yFindings(page, 'the audience page, its Queue view with a refusal');
  });
});
