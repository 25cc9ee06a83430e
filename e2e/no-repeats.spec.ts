import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { ProfileTab } from './pages/profile-tab.ts';
import { PHONE } from './support/phone.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';
import { audienceModals } from './pages/audience-modals.ts';
import { DREAMS, HALO } from './support/songs.ts';

// No repeats (issue 22 §4): under the "show" rule, a song the musician marked played in the
// running show says when it was played on the audience's phones instead of offering Request,
// and a song sent to Up Next says "Coming up".
test.describe('no repeats', () => {
  test('a song marked played in the running show shows "Played at …" on the phone, live', async ({
    browser,
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [HALO, DREAMS], tab: 'Profile' });
    const [haloId, dreamsId] = musician.songIds;
    // The musician chooses the rule on the Profile tab's Show settings, saved with the rest.
    const profile = new ProfileTab(page);
    await profile.showSection('Show settings');
    await profile.repeatRule.selectOption('Not twice in the same show');
    await profile.saveButton.click();
    await expect(profile.settingsStatus).toHaveText(messages.profileUpdated);
    await profile.settings.screenshot({ path: '/tmp/shots-repeats/profile-repeats.png' });
    await dashboard.tab('On Stage').click();
    const started = await request.post('/api/shows/start', {
      headers: { authorization: `Bearer ${musician.token}` },
      data: { name: 'Friday at the Anchor' },
    });
    expect(started.ok()).toBe(true);
    await submitRequestByApi(request, haloId, { requester_name: 'Jo' });
    await submitRequestByApi(request, dreamsId, { requester_name: 'Kim' });

    // A phone in the room, with the page open before the musician acts.
    const context = await browser.newContext(PHONE);
    const audience = new AudiencePage(await context.newPage());
    await audience.goto(musician.slug);
    const haloRequest = audience.song('Halo').getByRole('button', { name: 'Request Song' });
    const dreamsRequest = audience.song('Dreams').getByRole('button', { name: 'Request Song' });
    await expect(haloRequest).toBeVisible();
    await expect(dreamsRequest).toBeVisible();

    // The musician plays Halo and sends Dreams to Up Next, on the dashboard's On Stage tab.
    const halo = dashboard.card(dashboard.liveColumn, 'Halo');
    await halo.getByRole('button', { name: 'Played', exact: true }).click();
    const dreams = dashboard.card(dashboard.liveColumn, 'Dreams');
    await dreams.getByRole('button', { name: 'Up Next', exact: true }).click();
    await expect(dashboard.card(dashboard.upNextColumn, 'Dreams')).toBeVisible();

    // No reload: the page heard that its song list changed. (Played waits for its undo window.)
    await expect(audience.song('Halo')).toContainText(/Played at \d{1,2}:\d{2}\s[AP]M/, {
      timeout: 15_000,
    });
    await expect(haloRequest).toBeHidden();
    await expect(audience.song('Dreams')).toContainText('Coming up');
    await expect(dreamsRequest).toBeHidden();
    await audience.page.screenshot({ path: '/tmp/shots-repeats/audience-played-coming-up.png' });

    // The show stops: the rule holds nothing back any more.
    const stopped = await request.post('/api/shows/stop', {
      headers: { authorization: `Bearer ${musician.token}` },
    });
    expect(stopped.ok()).toBe(true);
    await expect(haloRequest).toBeVisible();
    await context.close();
  });

  test.describe('on a phone whose clock is not UTC', () => {
    const ZONE = 'America/Los_Angeles';
    test.use({ ...PHONE, timezoneId: ZONE });

    test("a request refused as a repeat names the time on the phone's clock", async ({
      page,
      request,
      audience,
      registeredMusician,
    }) => {
      const musician = await registeredMusician({ songs: [HALO] });
      const rule = await request.put('/api/profile', {
        headers: { authorization: `Bearer ${musician.token}` },
        data: { repeat_rule: 'hours', repeat_hours: 2 },
      });
      expect(rule.ok()).toBe(true);
      const first = await submitRequestByApi(request, musician.songIds[0]);
      const { request: form } = audienceModals(page);

      // The form is open when the musician plays the song: the send is refused (409).
      await audience.goto(musician.slug);
      await audience.fillRequest('Halo', 'Lee', 'lee@example.com');
      const before = new Date();
      await setRequestStatusByApi(request, musician.token, first.id, 'played');
      const after = new Date();
      await form.send.click();

      const onThePhone = (at: Date) =>
        new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' })
          .format(at)
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(form.error).toHaveText(
        new RegExp(
          `^This song was already played at (${onThePhone(before)}|${onThePhone(after)})\\. Please choose another song\\.$`,
        ),
      );
      await page.screenshot({ path: '/tmp/shots-repeats/audience-repeat-refused.png' });
    });
  });
});
