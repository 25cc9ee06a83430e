import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { PublicQueueEntry } from '#shared/schemas/public-queue.ts';
import { PUSH_VERSION_HEADER } from '#shared/realtime.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import { useAudienceStore } from './audience-store.ts';
import { usePublicQueueStore } from './public-queue-store.ts';

const entry = (id: string, votes = 1): PublicQueueEntry => ({
  id,
  song_title: `Song ${id}`,
  song_artist: 'Someone',
  requester_first_name: 'Sam',
  votes,
  status: 'pending',
  queue_position: 1,
});

/** The phone's storage (the test runs in Node, which has none). */
function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
}

/** The server: the queue, and the answer to a vote. */
function serve(queue: PublicQueueEntry[], vote: { status: number; body: unknown }) {
  stubStorage();
  const sent: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, headers: init.headers as Record<string, string> });
    if (url.includes('/vote')) return new Response(JSON.stringify(vote.body), vote);
    return new Response(JSON.stringify({ requests: queue }), { status: 200 });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  usePublicQueueStore.setState(usePublicQueueStore.getInitialState(), true);
  useAudienceStore.setState(useAudienceStore.getInitialState(), true);
});

describe('the Queue view', () => {
  it('counts a +1 at once, remembers it, and sends the device id with a key', async () => {
    const sent = serve([entry('a')], {
      status: 200,
      body: { id: 'a', votes: 2, already_voted: false },
    });
    useAudienceStore.setState({ musician: { id: 'm-1', slug: 'band' } as PublicMusician });
    await usePublicQueueStore.getState().load('band');
    const ok = await usePublicQueueStore
      .getState()
      .vote('a', { name: 'Sam', email: 'sam@example.com' });
    expect(ok).toBe(true);
    expect(usePublicQueueStore.getState().voted).toContain('a');
    // Named for the balancer: it reaches the process of the musician's devices.
    const vote = sent.find((call) => call.url === '/api/requests/a/vote?musician=m-1')!;
    expect(vote.headers['x-device-id']).toMatch(/^[\w-]{22,}$/);
    expect(vote.headers['idempotency-key']).toBeTruthy();
  });

  it('keeps the refusal in words, and does not mark the request voted', async () => {
    serve([entry('b')], { status: 409, body: { detail: messages.voteNotOpen } });
    await usePublicQueueStore.getState().load('band');
    const ok = await usePublicQueueStore
      .getState()
      .vote('b', { name: 'Sam', email: 'sam@example.com' });
    expect(ok).toBe(false);
    expect(usePublicQueueStore.getState().voteError).toBe(messages.voteNotOpen);
    expect(usePublicQueueStore.getState().refusedId).toBe('b');
    expect(usePublicQueueStore.getState().voted).not.toContain('b');
  });

  it('reads the queue again on a queue push only once it is shown', async () => {
    const sent = serve([entry('c')], { status: 200, body: {} });
    usePublicQueueStore.getState().applyPageChange({ kind: 'queue' });
    expect(sent).toHaveLength(0);
    await usePublicQueueStore.getState().load('band');
    usePublicQueueStore.getState().applyPageChange({ kind: 'queue' });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
  });

  it("names the latest push's version on its read, and none after a profile change", async () => {
    const sent = serve([entry('d')], { status: 200, body: {} });
    await usePublicQueueStore.getState().load('band');
    expect(sent[0]!.headers[PUSH_VERSION_HEADER]).toBeUndefined();
    usePublicQueueStore.getState().applyPageChange({ kind: 'queue', version: 'v1' });
    usePublicQueueStore.getState().applyPageChange({ kind: 'queue', version: 'v2' });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.headers[PUSH_VERSION_HEADER]).toBe('v2');

    usePublicQueueStore.getState().applyPageChange({ kind: 'queue', version: 'v3' });
    usePublicQueueStore
      .getState()
      .applyPageChange({ kind: 'profile', musician: {} as PublicMusician });
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.headers[PUSH_VERSION_HEADER]).toBeUndefined();
  });
});
