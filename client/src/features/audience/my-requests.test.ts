import { describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import {
  addTracked,
  applyStatus,
  dropTracked,
  isFinal,
  loadTracked,
  MAX_TRACKED,
  moveTracked,
  offeredInstead,
  receiptPending,
  saveTracked,
  trackedKey,
  type TrackedRequest,
} from './my-requests.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function tracked(n: number, overrides: Partial<TrackedRequest> = {}): TrackedRequest {
  return {
    token: `token-${n}-${'x'.repeat(20)}`,
    id: `id-${n}`,
    song_title: `Song ${n}`,
    song_artist: 'Artist',
    payment: null,
    status: 'pending',
    updated_at: '2025-05-01T20:00:00.000Z',
    ...overrides,
  };
}

describe('the requests this phone sent', () => {
  it('are kept per page and read back after a reload', () => {
    const storage = memoryStorage();
    saveTracked(storage, 'ana', [tracked(1)]);
    expect(loadTracked(storage, 'ana')).toEqual([tracked(1)]);
    expect(loadTracked(storage, 'someone-else')).toEqual([]);
    saveTracked(storage, 'ana', []);
    expect(storage.data.has(trackedKey('ana'))).toBe(false);
  });

  it('survive unreadable storage as an empty list', () => {
    const storage = memoryStorage();
    storage.setItem(trackedKey('ana'), 'not json');
    expect(loadTracked(storage, 'ana')).toEqual([]);
    storage.setItem(trackedKey('ana'), JSON.stringify([{ nonsense: true }, tracked(2)]));
    expect(loadTracked(storage, 'ana')).toEqual([tracked(2)]);
  });

  it('newest first, no token twice, at most a night’s worth', () => {
    let list: TrackedRequest[] = [];
    for (let n = 1; n <= MAX_TRACKED + 5; n += 1) list = addTracked(list, tracked(n));
    expect(list).toHaveLength(MAX_TRACKED);
    expect(list[0]?.id).toBe(`id-${MAX_TRACKED + 5}`);
    expect(addTracked(list, tracked(MAX_TRACKED + 5))).toHaveLength(MAX_TRACKED);
  });

  it('take a newer status, and ignore an older one', () => {
    const list = [tracked(1), tracked(2)];
    const upNext = {
      ...tracked(1),
      status: 'up_next' as const,
      updated_at: '2025-05-01T21:00:00.000Z',
    };
    const { token: _token, ...view } = upNext;
    const next = applyStatus(list, view);
    expect(next[0]).toEqual(upNext);
    expect(next[1]).toBe(list[1]);
    const stale = { ...view, status: 'pending' as const, updated_at: '2025-05-01T20:30:00.000Z' };
    expect(applyStatus(next, stale)).toBe(next);
    expect(applyStatus(next, view)).toBe(next); // nothing new: the same list, no re-render
  });

  it('take the place in line a status brings at the same moment (the filing had none)', () => {
    const filed = tracked(1, { queue_position: null });
    const { token: _token, ...view } = { ...filed, queue_position: 9 };
    const [placed] = applyStatus([filed], view);
    expect(placed?.queue_position).toBe(9);
  });

  it('take the wait a status read brings, and keep it through a push that has none', () => {
    const filed = tracked(1, { queue_position: 3 });
    const { token: _token, ...view } = filed;
    const [waiting] = applyStatus([filed], { ...view, eta_minutes: 12 });
    expect(waiting?.eta_minutes).toBe(12);
    const kept = [waiting!];
    expect(applyStatus(kept, view)).toBe(kept);
  });

  it("take the server's push key a status read brings, and keep it through a push that has none", () => {
    const filed = tracked(1, { queue_position: 3 });
    const { token: _token, ...view } = filed;
    const [offered] = applyStatus([filed], { ...view, push_public_key: 'BKey' });
    expect(offered?.push_public_key).toBe('BKey');
    const kept = [offered!];
    expect(applyStatus(kept, view)).toBe(kept);
  });

  it('drop the ones the server no longer knows', () => {
    expect(dropTracked([tracked(1), tracked(2)], [tracked(1).token])).toEqual([tracked(2)]);
  });

  it('move with the page when the musician renames the link', () => {
    const storage = memoryStorage();
    saveTracked(storage, 'old-name', [tracked(1)]);
    saveTracked(storage, 'new-name', [tracked(2)]);
    moveTracked(storage, 'old-name', 'new-name');
    expect(loadTracked(storage, 'new-name')).toEqual([tracked(1), tracked(2)]);
    expect(loadTracked(storage, 'old-name')).toEqual([]);
  });

  it('played and rejected are final', () => {
    expect(
      ['pending', 'accepted', 'up_next', 'played', 'rejected'].map((status) =>
        isFinal({ status: status as TrackedRequest['status'] }),
      ),
    ).toEqual([false, false, false, true, true]);
  });
});

describe("a paid request's money", () => {
  it('moves from waiting for payment to paid, then refunded, at the same status moment', () => {
    const at = '2025-05-01T20:00:00.000Z';
    const list = [tracked(1, { payment: 'awaiting' })];
    const paid = applyStatus(list, { ...tracked(1), payment: 'paid', updated_at: at });
    expect(paid[0]?.payment).toBe('paid');
    const refunded = applyStatus(paid, { ...tracked(1), status: 'rejected', payment: 'refunded' });
    expect(refunded[0]).toMatchObject({ status: 'rejected', payment: 'refunded' });
    // The same view again changes nothing (the list keeps its identity).
    expect(applyStatus(refunded, { ...refunded[0]!, token: undefined } as never)).toBe(refunded);
  });
});

describe('the receipt of a played request', () => {
  const playedAt = '2025-05-01T22:42:00.000Z';
  const played = tracked(1, { status: 'played', updated_at: playedAt });
  const receipt = { played_at: playedAt, played_for: 'Sarah' };

  it('comes with the status read, and a push without it keeps it', () => {
    const { token: _token, ...view } = played;
    const withReceipt = applyStatus([played], { ...view, ...receipt });
    expect(withReceipt[0]).toMatchObject(receipt);
    // The socket's push carries no receipt: the one held stays.
    expect(applyStatus(withReceipt, view)).toBe(withReceipt);
  });

  it('gains the setlist link when the show ends, and loses it when it is no longer shared', () => {
    const { token: _token, ...view } = played;
    const read = applyStatus([played], { ...view, ...receipt });
    const linked = applyStatus(read, { ...view, ...receipt, recap_show_id: 'show-1' });
    expect(linked[0]?.recap_show_id).toBe('show-1');
    const unshared = applyStatus(linked, { ...view, ...receipt });
    expect(unshared[0]).not.toHaveProperty('recap_show_id');
    expect(unshared[0]).toMatchObject(receipt);
  });

  it('goes when the musician undoes the Played', () => {
    const { token: _token, ...view } = played;
    const read = applyStatus([played], { ...view, ...receipt, recap_show_id: 'show-1' });
    const undone = applyStatus(read, {
      ...view,
      status: 'pending',
      updated_at: '2025-05-01T22:43:00.000Z',
    });
    expect(undone[0]).toMatchObject({ status: 'pending' });
    expect(undone[0]).not.toHaveProperty('played_at');
    expect(undone[0]).not.toHaveProperty('played_for');
    expect(undone[0]).not.toHaveProperty('recap_show_id');
  });

  it('is read again until whole, for a day after the song at most', () => {
    const now = Date.parse(playedAt);
    expect(receiptPending(played, now)).toBe(true);
    expect(receiptPending({ ...played, ...receipt }, now + 60_000)).toBe(true);
    expect(receiptPending({ ...played, ...receipt }, now + 25 * 60 * 60 * 1000)).toBe(false);
    expect(receiptPending({ ...played, ...receipt, recap_show_id: 'show-1' }, now)).toBe(false);
    expect(receiptPending(tracked(2), now)).toBe(false);
  });
});

describe('songs offered instead of a rejected request', () => {
  const publicSong = (title: string) => {
    const { hidden: _hidden, songwriter: _songwriter, ...song } = makeSong({ title });
    return song;
  };

  it('come with the status read and stay through a push that carries none', () => {
    const filed = tracked(1);
    const { token: _token, ...view } = filed;
    const rejected = { ...view, status: 'rejected' as const };
    const pushed = applyStatus([filed], rejected);
    expect(offeredInstead(pushed[0]!)).toEqual([]);
    const offered = [publicSong('Clocks'), publicSong('Creep')];
    const read = applyStatus(pushed, { ...rejected, alternatives: offered });
    expect(read).not.toBe(pushed);
    expect(offeredInstead(read[0]!).map((song) => song.title)).toEqual(['Clocks', 'Creep']);
    expect(applyStatus(read, rejected)).toBe(read);
    expect(applyStatus(read, { ...rejected, alternatives: offered })).toBe(read);
  });

  it('are offered only while rejected, until one is asked for', () => {
    const alternatives = [publicSong('Clocks')];
    expect(offeredInstead(tracked(1, { status: 'pending', alternatives }))).toEqual([]);
    expect(offeredInstead(tracked(1, { status: 'rejected', alternatives }))).toEqual(alternatives);
    const asked = tracked(1, { status: 'rejected', alternatives, instead_asked: true });
    expect(offeredInstead(asked)).toEqual([]);
  });
});
