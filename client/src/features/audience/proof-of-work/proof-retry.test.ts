import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api-fetch.ts';
import { postSubmission } from '../audience-submit.ts';
import { useProofProgress } from './proof-progress-store.ts';

const HMAC_KEY = 'test-key';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

/** A server asking for a proof `times` times (a fresh challenge each), then filing the write. */
function serverAsking(times: number) {
  const sent: Array<Record<string, string>> = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push(headers);
    if (sent.length <= times) {
      const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 2_000 });
      return new Response(JSON.stringify({ detail: 'Solve this.', challenge }), { status: 428 });
    }
    return new Response(JSON.stringify({ id: 'r1' }), { status: 201 });
  });
  return sent;
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('a write the server asks to prove work', () => {
  it('is solved and sent again with X-Altcha and the same Idempotency-Key', async () => {
    const sent = serverAsking(1);
    await expect(postSubmission('/requests', { song_id: 's1' }, 'key-1')).resolves.toEqual({
      id: 'r1',
    });
    expect(sent).toHaveLength(2);
    expect(sent[0]!['x-altcha']).toBeUndefined();
    expect(sent[1]!['idempotency-key']).toBe('key-1');
    expect(await verifySolution(sent[1]!['x-altcha']!, HMAC_KEY)).toBe(true);
    expect(useProofProgress.getState().solving).toBe(false);
  });

  it('gives up after three challenges with the last answer, for the outbox to show', async () => {
    const sent = serverAsking(10);
    const failed = postSubmission('/requests', { song_id: 's1' }, 'key-2');
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 428 });
    expect(sent).toHaveLength(3);
  });
});
