import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestStatus, SongRequest } from '#shared/schemas/request.ts';
import { songRequest } from '#client-test/request-factory.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  createPendingMoves,
  UNDO_WINDOW_MS,
  withPendingMoves,
  type FinalMove,
  type PendingMove,
} from './pending-moves.ts';

/**
 * A fake server: answers each PUT with the request in its new status, or refuses the
 * `id:status` pairs given (a move or an undo).
 */
function harness(refuse: readonly string[] = []) {
  const sent: string[] = [];
  const settled: SongRequest[] = [];
  const failed: { id: string; error: unknown }[] = [];
  let moves: readonly PendingMove[] = [];
  const pending = createPendingMoves({
    send: (request, status) => {
      sent.push(`${request.id}:${status}`);
      return refuse.includes(`${request.id}:${status}`)
        ? Promise.reject(new ApiError(409, 'Too late to undo.'))
        : Promise.resolve({ ...request, status });
    },
    onSent: (request) => settled.push(request),
    onFailed: (request, error) => failed.push({ id: request.id, error }),
    onChange: (next) => (moves = next),
    now: Date.now,
  });
  return { pending, sent, settled, failed, moves: () => moves };
}

/** A send that answers only when the test says so. */
function heldServer() {
  const answers: ((status: RequestStatus) => void)[] = [];
  const sent: string[] = [];
  let moves: readonly PendingMove[] = [];
  const pending = createPendingMoves({
    send: (request, status) => {
      sent.push(`${request.id}:${status}`);
      return new Promise((resolve) => answers.push(() => resolve({ ...request, status })));
    },
    onSent: () => {},
    onFailed: () => {},
    onChange: (next) => (moves = next),
  });
  return { pending, sent, answers, moves: () => moves };
}

describe('pending moves: sent at once, with an Undo for the window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the move at once and offers Undo until the window closes', async () => {
    const h = harness();
    h.pending.add([songRequest({ id: 'a' })], 'played');
    expect(h.sent).toEqual(['a:played']);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.settled.map((request) => request.status)).toEqual(['played']);
    expect(h.moves().map((move) => move.state)).toEqual(['sent']);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1);
    expect(h.moves()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.moves()).toEqual([]);
    expect(h.sent).toEqual(['a:played']);
  });

  it('Undo sends each request back to the status it had, once however often it is pressed', async () => {
    const h = harness();
    const move = h.pending.add(
      [songRequest({ id: 'a', status: 'up_next' }), songRequest({ id: 'b' })],
      'rejected',
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.pending.undo(move.id)).toBe(true);
    for (let press = 0; press < 19; press += 1) expect(h.pending.undo(move.id)).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent.sort()).toEqual(['a:rejected', 'a:up_next', 'b:pending', 'b:rejected']);
    expect(h.settled.slice(2).map((request) => request.status)).toEqual(['up_next', 'pending']);
    expect(h.moves()).toEqual([]);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(h.sent).toHaveLength(4);
  });

  it('offers no Undo once the window has closed', async () => {
    const h = harness();
    const move = h.pending.add([songRequest({ id: 'a' })], 'played');
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(h.pending.undo(move.id)).toBe(false);
    expect(h.sent).toEqual(['a:played']);
  });

  it('Undo pressed while the move is on its way follows its answer', async () => {
    const s = heldServer();
    const move = s.pending.add([songRequest({ id: 'a' })], 'played');
    expect(s.moves()[0]?.state).toBe('sending');
    expect(s.pending.undo(move.id)).toBe(true);
    expect(s.moves()[0]?.state).toBe('undoing');
    await vi.advanceTimersByTimeAsync(0);
    // Nothing is sent back before the move itself is answered.
    expect(s.sent).toEqual(['a:played']);
    s.answers[0]!('played');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.sent).toEqual(['a:played', 'a:pending']);
    expect(s.moves()[0]?.state).toBe('undoing');
    let settled = false;
    void s.pending.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    s.answers[1]!('pending');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    expect(s.moves()).toEqual([]);
  });

  it('an undo still on its way when the window closes finishes', async () => {
    const s = heldServer();
    const move = s.pending.add([songRequest({ id: 'a' })], 'rejected');
    s.answers[0]!('rejected');
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 10);
    s.pending.undo(move.id);
    await vi.advanceTimersByTimeAsync(20);
    expect(s.moves().map((m) => m.state)).toEqual(['undoing']);
    s.answers[1]!('pending');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.sent).toEqual(['a:rejected', 'a:pending']);
    expect(s.moves()).toEqual([]);
  });

  it('keeps several moves apart: undoing one leaves the others as they are', async () => {
    const h = harness();
    const first = h.pending.add([songRequest({ id: 'a' })], 'played');
    h.pending.add([songRequest({ id: 'b' })], 'rejected');
    await vi.advanceTimersByTimeAsync(1000);
    h.pending.undo(first.id);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent).toEqual(['a:played', 'b:rejected', 'a:pending']);
    expect(h.moves().map((move) => move.requests[0]?.id)).toEqual(['b']);
  });

  it('a refused move is reported with the server error; only the rest can be undone', async () => {
    const h = harness(['a:rejected']);
    const move = h.pending.add([songRequest({ id: 'a' }), songRequest({ id: 'b' })], 'rejected');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.failed.map((failure) => failure.id)).toEqual(['a']);
    expect(h.moves()[0]?.requests.map((request) => request.id)).toEqual(['b']);
    h.pending.undo(move.id);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent).toEqual(['a:rejected', 'b:rejected', 'b:pending']);
  });

  it('a move refused for every request leaves no Undo behind', async () => {
    const h = harness(['a:played']);
    h.pending.add([songRequest({ id: 'a' })], 'played');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.moves()).toEqual([]);
  });

  it('an undo the server refuses (its window closed there) is reported', async () => {
    const h = harness(['a:pending']);
    const move = h.pending.add([songRequest({ id: 'a' })], 'played');
    await vi.advanceTimersByTimeAsync(0);
    h.pending.undo(move.id);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.failed).toHaveLength(1);
    expect((h.failed[0]?.error as ApiError).detail).toBe('Too late to undo.');
    expect(h.moves()).toEqual([]);
  });
});

describe('withPendingMoves', () => {
  const move = (
    ids: string[],
    status: FinalMove,
    state: PendingMove['state'] = 'sending',
    madeAt = 0,
  ): PendingMove => ({
    id: 1,
    status,
    requests: ids.map((id) => songRequest({ id, status: 'up_next' })),
    state,
    madeAt,
  });

  it('shows a move on its way in its new status, timed at the press', () => {
    const list = [songRequest({ id: 'a' }), songRequest({ id: 'b' })];
    const shown = withPendingMoves(list, [
      move(['a'], 'played', 'sending', Date.UTC(2025, 4, 1, 21)),
    ]);
    expect(shown.map((request) => request.status)).toEqual(['played', 'pending']);
    expect(shown[0]?.updated_at).toBe('2025-05-01T21:00:00.000Z');
  });

  it('shows a sent move as the server has it (another device may have undone it)', () => {
    const list = [songRequest({ id: 'a', status: 'up_next' })];
    expect(withPendingMoves(list, [move(['a'], 'played', 'sent')])[0]?.status).toBe('up_next');
  });

  it('shows a request being undone in the status it goes back to', () => {
    const list = [songRequest({ id: 'a', status: 'played' })];
    expect(withPendingMoves(list, [move(['a'], 'played', 'undoing')])[0]?.status).toBe('up_next');
  });

  it('leaves a request another device already finished as the server has it', () => {
    const list = [songRequest({ id: 'a', status: 'rejected' })];
    expect(withPendingMoves(list, [move(['a'], 'played')])[0]?.status).toBe('rejected');
  });
});
