import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedRequest } from './my-requests.ts';
import { payByCard } from './card-tip.ts';
import { sendPaidRequest } from './paid-request.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A server answering every call with `status` and `body`, keeping what each call sent. */
function answerWith(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: JSON.parse(String(init.body)),
    });
    return new Response(JSON.stringify(body), { status });
  });
  return sent;
}

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

const filed = { id: 'r1', songTitle: 'Halo', songArtist: 'Beyoncé', requesterName: 'Ana' };

describe('a card tip', () => {
  it('asks the server for a Checkout session and goes there in this tab', async () => {
    const sent = answerWith(201, { checkout_url: 'https://checkout.example/cs_1' });
    const go = vi.fn();
    const payment = { slug: 'the band', amount: 5, message: '', filed };
    expect(await payByCard(payment, 'key-1', go)).toBeNull();
    expect(go).toHaveBeenCalledWith('https://checkout.example/cs_1');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/api/musicians/the%20band/card-tips',
      method: 'POST',
      body: {
        amount: 5,
        request_id: 'r1',
        tipper_name: 'Ana',
        message: 'Thanks for the music! (with song request)',
      },
    });
    expect(sent[0]?.headers['idempotency-key']).toBe('key-1');
  });

  it("says the server's sentence when the musician takes no cards, and goes nowhere", async () => {
    answerWith(404, { detail: "This musician doesn't take card tips" });
    const go = vi.fn();
    const payment = { slug: 'band', amount: 5, message: 'Encore!', filed: null };
    expect(await payByCard(payment, 'key-2', go)).toBe("This musician doesn't take card tips");
    expect(go).not.toHaveBeenCalled();
  });

  it('says it could not start when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    const payment = { slug: 'band', amount: 5, message: '', filed: null };
    expect(await payByCard(payment, 'key-3', vi.fn())).toBe(
      'The card payment could not start. Try again, or pick an app.',
    );
  });
});

describe('a paid request ("Skip the line")', () => {
  const request = {
    body: {
      song_id: '00000000-0000-4000-8000-000000000001',
      requester_name: 'Ana',
      requester_email: 'ana@example.com',
      dedication: '',
    },
    path: '/requests',
    song: { title: 'Halo', artist: 'Beyoncé' },
    key: 'key-4',
  };

  it('is sent paid, followed as this phone’s own (awaiting payment), then paid at Checkout', async () => {
    const sent = answerWith(201, {
      checkout_url: 'https://checkout.example/cs_2',
      status_token: 'token-1',
      id: 'r2',
    });
    const remembered: TrackedRequest[] = [];
    const go = vi.fn();
    const outcome = await sendPaidRequest(request, (item) => remembered.push(item), go);
    expect(outcome.ok).toBe(true);
    expect(sent[0]).toMatchObject({ url: '/api/requests', body: { ...request.body, paid: true } });
    expect(sent[0]?.headers['idempotency-key']).toBe('key-4');
    expect(remembered).toEqual([
      expect.objectContaining({
        token: 'token-1',
        id: 'r2',
        song_title: 'Halo',
        status: 'pending',
        payment: 'awaiting',
        queue_position: null,
      }),
    ]);
    expect(go).toHaveBeenCalledWith('https://checkout.example/cs_2');
  });

  it('goes nowhere when the same song of the same person already waits', async () => {
    answerWith(200, { already_requested: true });
    const go = vi.fn();
    const remember = vi.fn();
    const outcome = await sendPaidRequest(request, remember, go);
    expect(outcome).toMatchObject({ ok: true, response: { already_requested: true } });
    expect(go).not.toHaveBeenCalled();
    expect(remember).not.toHaveBeenCalled();
  });

  it('hands a refusal back with its status, for the form to word', async () => {
    answerWith(403, { detail: 'Requests are closed' });
    const outcome = await sendPaidRequest(request, vi.fn(), vi.fn());
    expect(outcome).toMatchObject({ ok: false, status: 403 });
  });
});
