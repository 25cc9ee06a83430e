import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '#shared/audience-constants.ts';
import { messages } from '#shared/messages.ts';
import type { PageChange } from '#shared/realtime.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import {
  putDesign,
  registerMusician,
  saveDesign,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { connectAudience, connectDevice } from '#server-test/helpers/test-device.ts';

const { app, url } = await startTestApp({}, { listen: true });

describe('GET /api/design/settings', () => {
  it("answers spec section 3's defaults, with the stage name and bio, before any save", async () => {
    const musician = await registerMusician(app, { name: 'Fresh Look' });
    await updateProfile(app, musician, { bio: 'Duo from Leeds.' });
    const res = await app.inject({ url: '/api/design/settings', headers: musician.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...DEFAULT_DESIGN,
      musician_name: 'Fresh Look',
      bio: 'Duo from Leeds.',
    });
  });

  it("answers the caller's own design, never another musician's", async () => {
    const mine = await registerMusician(app);
    const theirs = await registerMusician(app);
    await saveDesign(app, theirs, { colorScheme: 'green' });
    const res = await app.inject({ url: '/api/design/settings', headers: mine.auth });
    expect(res.json<DesignSettings>().color_scheme).toBe('purple');
  });

  it.each([
    [{}, messages.loginRequired],
    [{ authorization: 'Bearer not-a-session' }, messages.sessionExpired],
  ])('is musician-only: 401 without a live token', async (headers, detail) => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await app.inject({
        method,
        url: '/api/design/settings',
        headers,
        ...(method === 'PUT' ? { payload: { color_scheme: 'red' } } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail });
    }
  });
});

describe('PUT /api/design/settings', () => {
  it('saves every field of the design and answers it; the public design says the same', async () => {
    const musician = await registerMusician(app, { name: 'New Look' });
    const res = await putDesign(app, musician, {
      color_scheme: 'orange',
      layout_mode: 'list',
      show_year: false,
      show_notes: false,
      allow_song_suggestions: false,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      color_scheme: 'orange',
      layout_mode: 'list',
      artist_photo: null,
      banner_image: null,
      show_year: false,
      show_notes: false,
      allow_song_suggestions: false,
      musician_name: 'New Look',
      bio: '',
    };
    expect(res.json()).toEqual(expected);
    const own = await app.inject({ url: '/api/design/settings', headers: musician.auth });
    expect(own.json()).toEqual(expected);
    const pub = await app.inject({ url: `/api/musicians/${musician.musician.slug}/design` });
    expect(pub.json()).toEqual(expected);
  });

  it('changes only the fields sent', async () => {
    const musician = await registerMusician(app);
    await putDesign(app, musician, { color_scheme: 'blue', show_year: false });
    const res = await putDesign(app, musician, { layout_mode: 'list' });
    expect(res.json()).toMatchObject({
      color_scheme: 'blue',
      show_year: false,
      layout_mode: 'list',
    });
  });

  it('takes back the whole object it answered (musician_name and bio are the profile’s, ignored)', async () => {
    const musician = await registerMusician(app, { name: 'Kept Name' });
    const got = await app.inject({ url: '/api/design/settings', headers: musician.auth });
    const res = await putDesign(app, musician, {
      ...got.json<DesignSettings>(),
      musician_name: 'Hijacked',
      color_scheme: 'red',
    } as DesignSettings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ color_scheme: 'red', musician_name: 'Kept Name' });
  });

  it.each([
    [{ color_scheme: 'pink' }, messages.designColorSchemeInvalid],
    [{ color_scheme: null }, messages.designColorSchemeInvalid],
    [{ layout_mode: 'masonry' }, messages.designLayoutModeInvalid],
  ])('refuses %j with 400 and a detail', async (body, detail) => {
    const musician = await registerMusician(app);
    const res = await putDesign(app, musician, body as never);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('refuses a flag that is not true or false', async () => {
    const musician = await registerMusician(app);
    const res = await putDesign(app, musician, { show_year: 'yes' } as never);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });

  it('refuses a body that is not JSON', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/design/settings',
      headers: { ...musician.auth, 'content-type': 'application/json' },
      payload: '{"color_scheme":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.invalidJson });
  });
});

describe('live: a design change reaches open audience pages and the musician’s devices', () => {
  it('sends page:changed {kind: design} to the page and design:updated to the devices', async () => {
    const musician = await registerMusician(app, { name: 'Live Look' });
    const phone = await connectAudience(url);
    expect(await phone.followPage(musician.musician.slug)).toBe(true);
    const device = await connectDevice(url, musician.token);

    const res = await putDesign(app, musician, { color_scheme: 'green', layout_mode: 'list' });
    const answered = res.json<DesignSettings>();

    const change = await phone.waitFor<PageChange>('page:changed', (c) => c.kind === 'design');
    expect(change).toEqual({ kind: 'design', design: answered });
    expect(JSON.stringify(change)).not.toContain(musician.email);
    expect(await device.waitFor('design:updated')).toEqual(answered);
  });

  it('sends nothing to the page of another musician, nor for a refused change', async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);
    const phone = await connectAudience(url);
    expect(await phone.followPage(other.musician.slug)).toBe(true);
    await putDesign(app, musician, { color_scheme: 'pink' } as never);
    await putDesign(app, musician, { color_scheme: 'red' });
    // A later change of the followed page arrives: anything before it would have too.
    await putDesign(app, other, { color_scheme: 'blue' });
    await phone.waitFor<PageChange>('page:changed', (c) => c.kind === 'design');
    const designs = phone.received.filter((e) => (e.payload as PageChange).kind === 'design');
    expect(
      designs.map((e) => (e.payload as { design: DesignSettings }).design.color_scheme),
    ).toEqual(['blue']);
  });
});
