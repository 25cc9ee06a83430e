import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { audienceModals } from './pages/audience-modals.ts';
import type { AudiencePage } from './pages/audience-page.ts';
import { PHONE } from './support/phone.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { flattenGradients } from './support/flatten-gradients.ts';
import { atEachSize } from './support/screenshots.ts';
import {
  musicianRequestsByApi,
  setRequestStatusByApi,
  submitRequestByApi,
} from './support/requests.ts';
import { song } from './support/songs.ts';

// Something else to ask for (issue 47, item 3): a request the musician turns down, or one the
// no-repeats rule refuses, offers the phone three songs it may request now, nearest first; one
// tap asks for one under the same name, email and dedication, through the page's own outbox.

const SHOTS = '/tmp/shots-alternatives';
mkdirSync(SHOTS, { recursive: true });

const YELLOW = song('Yellow', 'Coldplay', { genres: ['Alt Rock'], year: 2000 });
// The same artist, a genre of the same decade, the most requested (asked for once, below); the
// last of them is asked for by nobody and never offered.
const CLOCKS = song('Clocks', 'Coldplay', { genres: ['Pop'], year: 2002 });
const PLUG_IN_BABY = song('Plug In Baby', 'Muse', { genres: ['Alt Rock'], year: 2001 });
const DANCING_QUEEN = song('Dancing Queen', 'ABBA', { genres: ['Disco'], year: 1976 });
const JOLENE = song('Jolene', 'Dolly Parton', { genres: ['Country'], year: 1973 });
const SONGS = [YELLOW, CLOCKS, PLUG_IN_BABY, DANCING_QUEEN, JOLENE] as const;

/** The songs offered instead, under `within`. */
const insteadIn = (within: Locator | AudiencePage['page']) =>
  within.getByRole('region', { name: 'Something else to ask for' });

test.describe('something else to ask for', () => {
  test.use(PHONE);

  test('a rejected request offers three songs; one tap requests one as the same person', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    test.setTimeout(90_000);
    const musician = await registeredMusician({ songs: SONGS });
    await submitRequestByApi(request, musician.songIds[3], { requester_name: 'Kim' });
    const { sent } = audienceModals(page);

    await audience.goto(musician.slug);
    await audience.sendRequest('Yellow', 'Ana', 'ana@example.com', 'For Sam, on her birthday');
    await sent.done.click();
    const yellow = (await musicianRequestsByApi(request, musician.token)).find(
      (filed) => filed.song_title === 'Yellow',
    );
    await setRequestStatusByApi(request, musician.token, yellow!.id, 'rejected');

    const turnedDown = audience.myRequest('Yellow');
    await expect(turnedDown).toContainText('Not tonight');
    const instead = insteadIn(turnedDown);
    await expect(instead.getByRole('listitem')).toHaveText([
      /Clocks\s*Coldplay/,
      /Plug In Baby\s*Muse/,
      /Dancing Queen\s*ABBA/,
    ]);
    // Pictures for a person to look at, at each screen size (the phone's last: the tap is its).
    await atEachSize(page, (size) =>
      page.screenshot({ path: `${SHOTS}/rejected-offers-${size.name}.png` }),
    );
    await page.setViewportSize(PHONE.viewport);
    // Readable and operable for everyone (axe, the gradients drawn at their lowest contrast).
    await flattenGradients(page);
    await expectNoSeriousA11yFindings(page, 'a rejected request offering songs');

    await instead.getByRole('button', { name: 'Request Plug In Baby instead' }).click();
    // Filed: on the phone's list, in line, and the offer is gone.
    await expect(audience.myRequest('Plug In Baby')).toContainText(/in line/);
    await expect(instead).toBeHidden();
    const asked = (await musicianRequestsByApi(request, musician.token)).find(
      (filed) => filed.song_title === 'Plug In Baby',
    );
    expect(asked).toMatchObject({
      requester_name: 'Ana',
      requester_email: 'ana@example.com',
      dedication: 'For Sam, on her birthday',
      status: 'pending',
    });
    await page.screenshot({ path: `${SHOTS}/rejected-asked-phone.png` });

    // Kept on the phone: after a reload, the turned-down request offers nothing more.
    await page.reload();
    await expect(audience.myRequest('Yellow')).toContainText('Not tonight');
    await expect(insteadIn(audience.myRequest('Yellow'))).toBeHidden();
  });

  test("the form's no-repeats refusal offers songs too, one tap away", async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    test.setTimeout(90_000);
    const musician = await registeredMusician({ songs: SONGS });
    const rule = await request.put('/api/profile', {
      headers: { authorization: `Bearer ${musician.token}` },
      data: { repeat_rule: 'hours', repeat_hours: 2 },
    });
    expect(rule.ok()).toBe(true);
    const first = await submitRequestByApi(request, musician.songIds[0]);
    const { request: form, sent } = audienceModals(page);

    // The form is open when the musician plays the song: the send is refused (409).
    await audience.goto(musician.slug);
    await audience.fillRequest('Yellow', 'Lee', 'lee@example.com', 'For the band');
    await setRequestStatusByApi(request, musician.token, first.id, 'played');
    await form.send.click();
    await expect(form.error).toContainText('This song was already played');
    const instead = insteadIn(form.dialog);
    await expect(instead.getByRole('listitem')).toHaveCount(3);
    await expect(instead.getByRole('listitem').first()).toContainText('Clocks');
    await page.screenshot({ path: `${SHOTS}/refused-offers-phone.png` });

    await instead.getByRole('button', { name: 'Request Clocks instead' }).click();
    await expect(sent.dialog).toBeVisible();
    await expect(sent.dialog).toContainText('Clocks');
    const asked = (await musicianRequestsByApi(request, musician.token)).find(
      (filed) => filed.song_title === 'Clocks',
    );
    expect(asked).toMatchObject({ requester_name: 'Lee', dedication: 'For the band' });
  });
});
