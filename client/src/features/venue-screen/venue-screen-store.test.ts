import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
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
