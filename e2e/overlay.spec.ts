import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '#shared/messages.ts';
import { SCHEME_COLORS } from '#shared/schemas/audience.ts';
import { CreatedFeedToken } from '#shared/schemas/feed.ts';
import { expect, test } from './fixtures.ts';
import { updateProfileByApi } from './support/musicians.ts';
import { DREAMS, JOLENE, VALERIE } from './support/songs.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';

/** The stream overlay, /overlay/{slug}?token=... (the page model of this spec). */
class OverlayPage {
  readonly panel: Locator;
  readonly name: Locator;
  readonly callToAction: Locator;
  readonly nowPlaying: Locator;
  readonly upNext: Locator;
  readonly latest: Locator;
  readonly empty: Locator;
  readonly notice: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.panel = page.getByRole('main');
    this.name = page.locator('.overlay-name');
    this.callToAction = page.locator('.overlay-cta');
    this.nowPlaying = page.getByRole('region', { name: 'Now playing' });
    this.upNext = page.getByRole('region', { name: 'Up next' });
    this.latest = page.getByRole('region', { name: 'Latest requests' });
    this.empty = page.getByText(messages.overlayEmpty);
    this.notice = page.getByRole('status');
  }

  async goto(slug: string, token?: string): Promise<void> {
    await this.page.goto(`/overlay/${slug}${token === undefined ? '' : `?token=${token}`}`);
  }

  card(song: string, within: Locator = this.panel): Locator {
    return within.locator('.overlay-card').filter({ hasText: song });
  }
}

async function feedTokenByApi(
  request: APIRequestContext,
  token: string,
): Promise<CreatedFeedToken> {
  const res = await request.post('/api/feed-tokens', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'OBS' },
  });
  if (res.status() !== 201) throw new Error(`feed token failed: ${res.status()}`);
  return CreatedFeedToken.parse(await res.json());
}

test.describe('The stream overlay', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('shows the queue live in the musician’s colours, over a transparent page', async ({
    page,
    request,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [JOLENE, VALERIE] });
    const [jolene, valerie] = musician.songIds;
    const design = await request.put('/api/design/settings', {
      headers: { authorization: `Bearer ${musician.token}` },
      data: { color_scheme: 'green' },
    });
    expect(design.ok()).toBe(true);
    const { token } = await feedTokenByApi(request, musician.token);

    const overlay = new OverlayPage(page);
    await overlay.goto(musician.slug, token);
    await expect(overlay.name).toHaveText(musician.name);
    await expect(overlay.callToAction).toHaveText(
      `Request a song at ${new URL(page.url()).host}/musician/${musician.slug}`,
    );
    await expect(overlay.empty).toBeVisible();
    await expect(page.locator('html')).toHaveCSS('--overlay-accent', SCHEME_COLORS.green.accent);

    // An audience member asks for a song on their phone: it shows at once, first name only.
    const first = await submitRequestByApi(request, jolene, {
      requester_name: 'Robin Hood',
      dedication: 'For Marian',
    });
    await expect(overlay.card('Jolene', overlay.latest)).toContainText('Requested by Robin');
    await expect(overlay.card('Jolene', overlay.latest)).toContainText('“For Marian”');
    await expect(overlay.panel).not.toContainText('Hood');
    await expect(overlay.panel).not.toContainText('@');
    await expect(overlay.empty).toHaveCount(0);
    const second = await submitRequestByApi(request, valerie, { requester_name: 'Sam' });
    await expect(overlay.latest.locator('.overlay-card').first()).toContainText('Valerie');

    // The musician moves them: the first of Up Next is Now playing, the next is Up next.
    await setRequestStatusByApi(request, musician.token, first.id, 'up_next');
    await expect(overlay.card('Jolene', overlay.nowPlaying)).toBeVisible();
    await setRequestStatusByApi(request, musician.token, second.id, 'up_next');
    await expect(overlay.card('Valerie', overlay.upNext)).toBeVisible();
    await expect(overlay.latest).toHaveCount(0);
    await setRequestStatusByApi(request, musician.token, first.id, 'played');
    await expect(overlay.card('Valerie', overlay.nowPlaying)).toBeVisible();
    await expect(overlay.card('Jolene')).toHaveCount(0);

    // Requests switched off: the call to action says so.
    await updateProfileByApi(request, musician.token, { requests_enabled: false });
    await expect(overlay.callToAction).toHaveText(messages.overlayRequestsClosed);

    // A 1920 × 1080 browser source: only the panel is drawn, the rest is see-through.
    await expect(page.locator('html')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    const shot = await page.screenshot({
      omitBackground: true,
      animations: 'disabled',
      path: test.info().outputPath('overlay-1920x1080.png'),
    });
    const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    expect([info.width, info.height]).toEqual([1920, 1080]);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(100, 1000)).toBe(0);
    expect(alphaAt(960, 540)).toBe(0);
    const box = (await overlay.card('Valerie').boundingBox())!;
    // The cards are nearly opaque: readable over any picture.
    const centre = alphaAt(Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2));
    expect(centre).toBeGreaterThan(200);
  });

  test('says plainly when the token is missing, wrong or revoked', async ({
    page,
    request,
    registeredMusician,
  }) => {
    const musician = await registeredMusician();
    const overlay = new OverlayPage(page);
    await overlay.goto(musician.slug);
    await expect(overlay.notice).toHaveText(messages.overlayTokenMissing);

    await overlay.goto(musician.slug, 'not-a-real-token');
    await expect(overlay.notice).toHaveText(messages.feedTokenInvalid);
    await expect(overlay.panel).toHaveCount(0);

    const { id, token } = await feedTokenByApi(request, musician.token);
    await overlay.goto(musician.slug, token);
    await expect(overlay.name).toHaveText(musician.name);
    await request.delete(`/api/feed-tokens/${id}`, {
      headers: { authorization: `Bearer ${musician.token}` },
    });
    await expect(overlay.notice).toHaveText(messages.feedTokenInvalid);
    await expect(overlay.panel).toHaveCount(0);
  });

  test('new requests slide in, unless the viewer asked for less motion', async ({
    browser,
    request,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ songs: [DREAMS] });
    const [songId] = musician.songIds;
    const { token } = await feedTokenByApi(request, musician.token);
    await submitRequestByApi(request, songId, { requester_name: 'Stevie' });

    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ reducedMotion });
      const overlay = new OverlayPage(await context.newPage());
      await overlay.goto(musician.slug, token);
      const card = overlay.card('Dreams');
      await expect(card).toBeVisible();
      await expect(card).toHaveCSS(
        'animation-name',
        reducedMotion === 'reduce' ? 'none' : 'overlay-enter',
      );
      await context.close();
    }
  });
});
