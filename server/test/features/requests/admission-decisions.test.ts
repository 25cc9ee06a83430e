import { describe, expect, it } from 'vitest';
import {
  admit,
  type AdmissionRequest,
  type AdmissionState,
  type WaitingRequest,
} from '#server/features/requests/request-admission.ts';

// Every rule of a request's admission, as a plain function of the rows read: each outcome, and
// the order the refusals come in when several apply.

const NOW = new Date(Date.UTC(2026, 10, 28, 21, 0, 0));
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MUSICIAN = 'musician-1';
const SHOW = 'show-1';

function state(overrides: Partial<AdmissionState> = {}): AdmissionState {
  return {
    song: { id: 'song-1', musicianId: MUSICIAN, hidden: false },
    musician: {
      requestsEnabled: true,
      requestsOpenAt: null,
      requestsCloseAt: null,
      queueOrder: 'arrival',
      repeatRule: 'allow',
      repeatHours: 3,
    },
    runningShowId: SHOW,
    keyUsed: false,
    publicSetPlaying: false,
    inPublicSet: false,
    plays: { lastPlayedAt: null, lastPlayedInRunningShow: null },
    waiting: [],
    voters: [],
    blocklist: [],
    atLimit: { requester: null, musician: null, source: null },
    crowd: null,
    ...overrides,
  };
}

const ask: AdmissionRequest = {
  musicianId: MUSICIAN,
  requester: { email: 'Kim@Example.com', deviceId: 'device-kim' },
  tipAmount: 0,
  source: 'source-kim',
  paid: false,
  requesterWindowMinutes: 10,
  perMusicianPerMinute: 1000,
  votesPerAddress: 30,
  now: NOW,
};

const waiting = (overrides: Partial<WaitingRequest> = {}): WaitingRequest => ({
  id: 'request-1',
  showId: SHOW,
  blocked: false,
  createdAt: ago(60_000),
  tipAmount: 0,
  votes: 1,
  email: 'lee@example.com',
  deviceId: 'device-lee',
  source: 'source-lee',
  ...overrides,
});

describe('admit', () => {
  it('files a new request when every rule lets it in', () => {
    expect(admit(state(), ask)).toEqual({ outcome: 'create', blocked: false });
  });

  it('names the real owner of a song of another musician', () => {
    const other = state({ song: { id: 'song-1', musicianId: 'musician-2', hidden: false } });
    expect(admit(other, ask)).toEqual({ outcome: 'owner', musicianId: 'musician-2' });
  });

  it('answers a retry before any other rule, limits included', () => {
    const everything = state({
      keyUsed: true,
      song: { id: 'song-1', musicianId: MUSICIAN, hidden: true },
      atLimit: { requester: ago(1000), musician: ago(1000), source: ago(1000) },
    });
    expect(admit(everything, ask)).toEqual({ outcome: 'replay' });
  });

  it('refuses a hidden song, then requests off, then outside the window', () => {
    const hidden = state({ song: { id: 'song-1', musicianId: MUSICIAN, hidden: true } });
    expect(admit(hidden, ask)).toEqual({ outcome: 'unavailable', hidden: true });
    const off = state({ musician: { ...state().musician, requestsEnabled: false } });
    expect(admit(off, ask)).toEqual({ outcome: 'unavailable', hidden: false });
    const opensAt = new Date(NOW.getTime() + 60_000);
    const early = state({ musician: { ...state().musician, requestsOpenAt: opensAt } });
    expect(admit(early, ask)).toEqual({
      outcome: 'closed',
      requestsOpenAt: opensAt,
      requestsCloseAt: null,
    });
    // The window closes at its time exactly.
    const closed = state({ musician: { ...state().musician, requestsCloseAt: NOW } });
    expect(admit(closed, ask).outcome).toBe('closed');
  });

  it('refuses a song outside the playing set, then one the no-repeats rule holds back', () => {
    expect(admit(state({ publicSetPlaying: true }), ask)).toEqual({ outcome: 'not_in_set' });
    expect(admit(state({ publicSetPlaying: true, inPublicSet: true }), ask).outcome).toBe('create');
    const playedAt = ago(3_600_000);
    const hours = state({
      musician: { ...state().musician, repeatRule: 'hours', repeatHours: 2 },
      plays: { lastPlayedAt: playedAt, lastPlayedInRunningShow: null },
    });
    expect(admit(hours, ask)).toEqual({ outcome: 'repeat', playedAt });
    // A request of it waiting in the show: asking again is a +1, never held back.
    expect(admit({ ...hours, waiting: [waiting()] }, ask).outcome).toBe('merge');
  });

  it('gives the same person their waiting request back, by email or by phone', () => {
    const theirs = state({ waiting: [waiting({ email: 'kim@example.com' })] });
    expect(admit(theirs, ask)).toEqual({ outcome: 'already', requestId: 'request-1' });
    const joined = state({
      waiting: [waiting()],
      voters: [
        { requestId: 'request-1', email: 'x@example.com', deviceId: 'device-kim', source: null },
      ],
    });
    expect(admit(joined, ask)).toEqual({ outcome: 'already', requestId: 'request-1' });
    // Last week's request of the song takes no +1: tonight's ask is a new request.
    const stale = state({ waiting: [waiting({ showId: 'show-0', email: 'kim@example.com' })] });
    expect(admit(stale, ask)).toEqual({ outcome: 'create', blocked: false });
  });

  it('files a blocked requester’s request apart, and gives them back their own', () => {
    const blocklist = [{ email: 'kim@example.com', deviceId: '' }];
    expect(admit(state({ blocklist }), ask)).toEqual({ outcome: 'create', blocked: true });
    // Someone else's request of the song waits: a blocked requester never joins it.
    expect(admit(state({ blocklist, waiting: [waiting()] }), ask)).toEqual({
      outcome: 'create',
      blocked: true,
    });
    const own = waiting({ id: 'hidden-1', blocked: true, deviceId: 'device-kim' });
    expect(admit(state({ blocklist, waiting: [waiting(), own] }), ask)).toEqual({
      outcome: 'already',
      requestId: 'hidden-1',
    });
    // An entry matches only by what the requester has: no email matches no entry's empty one.
    const noEmail = { ...ask, requester: { email: '', deviceId: 'device-kim' } };
    expect(admit(state({ blocklist }), noEmail)).toEqual({ outcome: 'create', blocked: false });
  });

  it('counts the requester’s limit, then the musician’s budget, then the address’s share', () => {
    const atLimit = { requester: ago(4 * 60_000), musician: ago(15_000), source: ago(30_000) };
    expect(admit(state({ atLimit }), ask)).toEqual({
      outcome: 'requester_limit',
      waitSeconds: 6 * 60,
    });
    expect(admit(state({ atLimit: { ...atLimit, requester: null } }), ask)).toEqual({
      outcome: 'musician_limit',
      waitSeconds: 45,
    });
    const source = { requester: null, musician: null, source: ago(30_000) };
    expect(admit(state({ atLimit: source }), ask)).toEqual({
      outcome: 'musician_limit',
      waitSeconds: 30,
    });
    // The same person's waiting request is answered before any limit: it counts nothing.
    const theirs = [waiting({ email: 'kim@example.com' })];
    expect(admit(state({ atLimit, waiting: theirs }), ask).outcome).toBe('already');
  });

  it('takes another person’s ask as a +1, tips adding up within 500', () => {
    const target = waiting({ tipAmount: 490.1, votes: 2 });
    const older = waiting({ id: 'request-0', createdAt: ago(120_000), tipAmount: 0.1 });
    expect(admit(state({ waiting: [target, older] }), { ...ask, tipAmount: 0.2 })).toEqual({
      outcome: 'merge',
      requestId: 'request-0',
      votes: 2,
      tipAmount: 0.3,
    });
    expect(admit(state({ waiting: [target] }), { ...ask, tipAmount: 20 })).toEqual({
      outcome: 'merge',
      requestId: 'request-1',
      votes: 3,
      tipAmount: 500,
    });
  });

  it('counts a +1 as nothing once its address has the request’s share, unless paid for', () => {
    const target = waiting({ source: 'source-kim', votes: 30 });
    const voters = Array.from({ length: 29 }, (_, i) => ({
      requestId: 'request-1',
      email: `guest${i}@example.com`,
      deviceId: `device-${i}`,
      source: 'source-kim',
    }));
    const full = state({ waiting: [target], voters });
    // The request itself and 29 +1s from Kim's address: 30, the share.
    expect(admit(full, ask)).toEqual({ outcome: 'votes_full', requestId: 'request-1' });
    expect(admit(full, { ...ask, paid: true }).outcome).toBe('merge');
    // From another address the same +1 still counts, and one short of the share too.
    expect(admit(full, { ...ask, source: 'source-elsewhere' }).outcome).toBe('merge');
    const oneShort = state({ waiting: [target], voters: voters.slice(1) });
    expect(admit(oneShort, ask)).toMatchObject({ outcome: 'merge', votes: 31 });
    // A +1 counts nothing before any limit is counted against it.
    const atLimit = { requester: ago(60_000), musician: ago(15_000), source: null };
    expect(admit(state({ waiting: [target], voters, atLimit }), ask).outcome).toBe('votes_full');
  });

  it('lets an address below its fair share in while the musician’s budget is full', () => {
    const atLimit = { requester: null, musician: ago(15_000), source: null };
    const full = (crowd: AdmissionState['crowd']) => admit(state({ atLimit, crowd }), ask);
    // A newcomer gets in whatever the crowd: its first request always counts.
    expect(full({ addresses: 650, fromSource: 0 }).outcome).toBe('create');
    expect(full({ addresses: 5000, fromSource: 0 }).outcome).toBe('create');
    // 650 addresses share 1000: one each; one that sent already is refused until it frees.
    expect(full({ addresses: 650, fromSource: 1 })).toEqual({
      outcome: 'musician_limit',
      waitSeconds: 45,
    });
    // 10 addresses share it: 100 each.
    expect(full({ addresses: 10, fromSource: 99 }).outcome).toBe('create');
    expect(full({ addresses: 10, fromSource: 100 }).outcome).toBe('musician_limit');
    // Not read (the budget has room): nothing to share.
    expect(full(null).outcome).toBe('musician_limit');
    // The address's own share of the budget still holds.
    const source = { ...atLimit, source: ago(20_000) };
    const crowd = { addresses: 650, fromSource: 0 };
    expect(admit(state({ atLimit: source, crowd }), ask)).toEqual({
      outcome: 'musician_limit',
      waitSeconds: 40,
    });
  });
});
