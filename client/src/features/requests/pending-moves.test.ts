import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SongRequest } from '#shared/schemas/request.ts';
import { songRequest } from '#client-test/request-factory.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  createPendingMoves,
  UNDO_WINDOW_MS,
  withPendingMoves,
  type FinalMove,
  type PendingMove,
} from './pending-moves.ts';

/** A fake server: answers each PUT with the request in its new status, or refuses given ids. */
function harness(refuse: readonly string[] = []) {
  const sent: { id: string; status: FinalMove; keepalive: boolean }[] = [];
  const settled: SongRequest[] = [];
  const failed: { id: string; error: unknown }[] = [];
  let moves: readonly PendingMove[] = [];
  const pending = createPendingMoves({
    send: (request, status, keepalive) => {
      sent.push({ id: request.id, status, keepalive });
      return refuse.includes(request.id)
        ? Promise.reject(new ApiError(400, 'played request cannot be moved to rejected.'))
        : Promise.resolve({ ...request, status });
    },
    onSent: (request) => settled.push(request),
    onFailed: (request, error) => failed.push({ id: request.id, error }),
    onChange: (next) => (moves = next),
  });
  return { pending, sent, settled, failed, moves: () => moves };
}

describe('pending moves', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing during the undo window, then sends the move once', async () => {
    const h = harness();
    h.pending.add([songRequest({ id: 'a' })], 'played');
    expect(h.moves()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1);
    expect(h.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toEqual([{ id: 'a', status: 'played', keepalive: false }]);
    expect(h.settled.map((request) => request.status)).toEqual(['played']);
    expect(h.moves()).toEqual([]);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(h.sent).toHaveLength(1);
  });

  it('undo restores the request and nothing is ever sent', async () => {
    const h = harness();
    const move = h.pending.add([songRequest({ id: 'a' })], 'rejected');
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.pending.undo(move.id)).toBe(true);
    expect(h.moves()).toEqual([]);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(h.sent).toEqual([]);
    // Too late to undo twice, or a move that never existed.
    expect(h.pending.undo(move.id)).toBe(false);
  });

  it('keeps several moves apart: undoing one leaves the others to be sent', async () => {
    const h = harness();
    const first = h.pending.add([songRequest({ id: 'a' })], 'played');
    await vi.advanceTimersByTimeAsync(1000);
    h.pending.add([songRequest({ id: 'b' })], 'rejected');
    h.pending.add([songRequest({ id: 'c' }), songRequest({ id: 'd' })], 'played');
    expect(h.moves()).toHaveLength(3);
    h.pending.undo(first.id);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(h.sent.map((sent) => `${sent.id}:${sent.status}`).sort()).toEqual([
      'b:rejected',
      'c:played',
      'd:played',
    ]);
    expect(h.moves()).toEqual([]);
  });

  it('flush sends every waiting move at once with keepalive (the page is closing)', async () => {
    const h = harness();
    h.pending.add([songRequest({ id: 'a' })], 'played');
    h.pending.add([songRequest({ id: 'b' })], 'rejected');
    await h.pending.flush(true);
    expect(h.sent).toEqual([
      { id: 'a', status: 'played', keepalive: true },
      { id: 'b', status: 'rejected', keepalive: true },
    ]);
    // The timers of the flushed moves send nothing more.
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(h.sent).toHaveLength(2);
  });

  it('a move on its way can no longer be undone', async () => {
    let answer: (request: SongRequest) => void = () => {};
    let moves: readonly PendingMove[] = [];
    const pending = createPendingMoves({
      send: () => new Promise((resolve) => (answer = resolve)),
      onSent: () => {},
      onFailed: () => {},
      onChange: (next) => (moves = next),
    });
    const move = pending.add([songRequest({ id: 'a' })], 'played');
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(moves[0]?.state).toBe('sending');
    expect(pending.undo(move.id)).toBe(false);
    answer(songRequest({ id: 'a', status: 'played' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(moves).toEqual([]);
  });

  it('a refused move is reported with the server error and leaves the list', async () => {
    const h = harness(['a']);
    h.pending.add([songRequest({ id: 'a' }), songRequest({ id: 'b' })], 'rejected');
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(h.failed).toHaveLength(1);
    expect(h.failed[0]?.id).toBe('a');
    expect((h.failed[0]?.error as ApiError).detail).toBe(
      'played request cannot be moved to rejected.',
    );
    expect(h.settled.map((request) => request.id)).toEqual(['b']);
    expect(h.moves()).toEqual([]);
  });
});

describe('withPendingMoves', () => {
  const move = (ids: string[], status: FinalMove, madeAt = 0): PendingMove => ({
    id: 1,
    status,
    requests: ids.map((id) => songRequest({ id })),
    state: 'waiting',
    madeAt,
  });

  it('shows a moved request in its new status, timed at the press', () => {
    const list = [songRequest({ id: 'a' }), songRequest({ id: 'b' })];
    const shown = withPendingMoves(list, [move(['a'], 'played', Date.UTC(2025, 4, 1, 21))]);
    expect(shown.map((request) => request.status)).toEqual(['played', 'pending']);
    expect(shown[0]?.updated_at).toBe('2025-05-01T21:00:00.000Z');
  });

  it('leaves a request another device already finished as the server has it', () => {
    const list = [songRequest({ id: 'a', status: 'rejected' })];
    expect(withPendingMoves(list, [move(['a'], 'played')])[0]?.status).toBe('rejected');
  });
});
