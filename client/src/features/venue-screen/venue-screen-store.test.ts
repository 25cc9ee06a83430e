import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import { holdAnswers } from '#client-test/held-fetch.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { VenueScreenResponse } from '#shared/schemas/public-queue.ts';
import { slugOfScreen } from './VenueScreenPage.tsx';
import { useVenueScreenStore } from './venue-screen-store.ts';

const SCREEN: VenueScreenResponse = {
  now: null,
  next: null,
  queue: [],
  more: 0,
  audience_url: 'https://example.com/musician/band',
  qr: { size: 21, path: 'M0 0h1v1h-1z' },
};

/** The server, answering each path with a status and a body. */
function serve(answers: Record<string, { status: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const answer = answers[url] ?? { status: 404, body: { detail: messages.musicianNotFound } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useVenueScreenStore.setState(useVenueScreenStore.getInitialState(), true);
});

describe('the venue screen', () => {
  it('reads its slug from /screen/{slug}', () => {
    expect(slugOfScreen('/screen/The-Band')).toBe('the-band');
    expect(slugOfScreen('/screen/the-band/')).toBe('the-band');
    expect(slugOfScreen('/screen/')).toBe('');
    expect(slugOfScreen('/screen/a/b')).toBe('');
  });

  it('loads the profile, design and queue, and reads the queue again on a push', async () => {
    const calls = serve({
      '/api/musicians/band': { status: 200, body: { name: 'The Band', slug: 'band' } },
      '/api/musicians/band/design': { status: 200, body: { color_scheme: 'green' } },
      '/api/musicians/band/screen': { status: 200, body: SCREEN },
    });
    await useVenueScreenStore.getState().load('band');
    expect(useVenueScreenStore.getState()).toMatchObject({ phase: 'ready', screen: SCREEN });
    calls.length = 0;
    useVenueScreenStore.getState().applyPageChange({ kind: 'queue' });
    useVenueScreenStore.getState().applyPageChange({ kind: 'songs' });
    await useVenueScreenStore.getState().reloadScreen();
    expect(calls.every((url) => url === '/api/musicians/band/screen')).toBe(true);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('says so when the musician switched it off, and comes back when it is on again', async () => {
    serve({
      '/api/musicians/band/screen': { status: 404, body: { detail: messages.venueScreenOff } },
    });
    await useVenueScreenStore.getState().load('band');
    expect(useVenueScreenStore.getState().phase).toBe('off');

    serve({ '/api/musicians/band/screen': { status: 200, body: SCREEN } });
    const musician = { slug: 'band', venue_screen_enabled: true } as PublicMusician;
    useVenueScreenStore.getState().applyPageChange({ kind: 'profile', musician });
    await useVenueScreenStore.getState().reloadScreen();
    expect(useVenueScreenStore.getState().phase).toBe('ready');
  });

  it('tells an unknown musician apart from a screen switched off', async () => {
    serve({});
    await useVenueScreenStore.getState().load('nobody');
    expect(useVenueScreenStore.getState().phase).toBe('gone');
  });
});

describe('the venue screen following the page again', () => {
  const band = (name: string) => ({ name, slug: 'band' }) as PublicMusician;

  it('keeps a pushed profile and design that overtook its reload', async () => {
    const answer = holdAnswers();
    useVenueScreenStore.setState({ slug: 'band', musician: band('Old Name') });
    const reloaded = useVenueScreenStore.getState().load('band');
    // The musician renames the band and changes the colours as the screen rejoins: the pushes
    // arrive before the reload's answers, which the server read before the changes.
    useVenueScreenStore.getState().applyPageChange({ kind: 'profile', musician: band('New Name') });
    useVenueScreenStore.getState().applyPageChange({
      kind: 'design',
      design: { color_scheme: 'green' } as DesignSettings,
    });
    await answer('/musicians/band', band('Old Name'));
    await answer('/musicians/band/design', { color_scheme: 'purple' });
    await answer('/musicians/band/screen', SCREEN);
    await answer('/musicians/band/screen', SCREEN); // read again for the profile push
    await reloaded;
    const { musician, design } = useVenueScreenStore.getState();
    expect(musician?.name).toBe('New Name');
    expect(design?.color_scheme).toBe('green');
  });

  it('takes what the reload read when no push came meanwhile', async () => {
    const answer = holdAnswers();
    useVenueScreenStore.setState({ slug: 'band', musician: band('Old Name') });
    const reloaded = useVenueScreenStore.getState().load('band');
    await answer('/musicians/band', band('New Name'));
    await answer('/musicians/band/design', { color_scheme: 'green' });
    await answer('/musicians/band/screen', SCREEN);
    await reloaded;
    expect(useVenueScreenStore.getState().musician?.name).toBe('New Name');
    expect(useVenueScreenStore.getState().design?.color_scheme).toBe('green');
  });
});
