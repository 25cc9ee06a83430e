import { describe, expect, it } from 'vitest';
import { ProofRequired } from '#shared/schemas/proof-of-work.ts';
import { loadConfig } from '#server/config.ts';
import {
  BASE_MAXNUMBER,
  maxNumberAt,
  QUIET_SHARE_OF_LIMIT,
} from '#server/proof-of-work/proof-of-work-service.ts';
import { createSong, registerMusician, updateProfile } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { solveProof } from './solve-proof.ts';

// PROOF_OF_WORK=adaptive (the default): a +1 always proves a little work; a request or a
// suggestion only when its address or its musician is busy, harder the busier. And off: none.

// Generous limits but an address's share of the budget (its pressure is counted against it):
// what is tested here is the proof, not the flood guard or the vote cap.
const limits = {
  ...loadConfig({}).limits,
  votesPerAddress: 100_000,
  perAddressPerMinute: 100,
  requestsPerRequester: { max: 1000, windowMinutes: 10 },
};
/** Writes a minute from one address before its challenges harden: 10 of its 100. */
const QUIET_PER_ADDRESS = Math.round(limits.perAddressPerMinute * QUIET_SHARE_OF_LIMIT);
const adaptive = await startTestApp({ proofOfWork: 'adaptive', limits });
const off = await startTestApp({ proofOfWork: 'off', limits });

let n = 0;
const person = () => ({ requester_name: `Fan ${++n}`, requester_email: `fan${n}@example.com` });
let address = 0;
/** A fresh address from TEST-NET-2: a phone no other test's writes have counted against. */
const newAddress = () => `198.51.100.${++address}`;

async function waitingRequest(app: typeof adaptive.app, ip: string) {
  const musician = await registerMusician(app, { name: 'Adaptive Band' });
  await updateProfile(app, musician, { public_queue: true });
  const song = await createSong(app, musician, { title: 'Wonderwall' });
  const first = await post(app, song.id, ip);
  expect(first.statusCode, first.body).toBe(201);
  return { song, id: first.json<{ id: string }>().id };
}

const post = (app: typeof adaptive.app, songId: string, ip: string, headers = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/requests',
    remoteAddress: ip,
    headers,
    payload: { song_id: songId, dedication: '', tip_amount: 0, ...person() },
  });

const vote = (app: typeof adaptive.app, id: string, ip: string, headers = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/requests/${id}/vote`,
    remoteAddress: ip,
    headers,
    payload: person(),
  });

describe('PROOF_OF_WORK=adaptive', () => {
  it('lets a quiet request in without a proof', async () => {
    const ip = newAddress();
    const musician = await registerMusician(adaptive.app, { name: 'Quiet Band' });
    const song = await createSong(adaptive.app, musician, { title: 'Quiet song' });
    expect((await post(adaptive.app, song.id, ip)).statusCode).toBe(201);
  });

  it('asks every +1 for a little work, on the vote route and as a request of a waiting song', async () => {
    const ip = newAddress();
    const { song, id } = await waitingRequest(adaptive.app, ip);
    const voted = await vote(adaptive.app, id, newAddress());
    expect(voted.statusCode).toBe(428);
    const { challenge } = ProofRequired.parse(voted.json());
    expect(challenge.maxnumber).toBe(BASE_MAXNUMBER);
    const again = await vote(adaptive.app, id, ip, { 'x-altcha': solveProof(challenge) });
    expect(again.json()).toMatchObject({ votes: 2, already_voted: false });
    // Asking for the same song is a +1 too (the merge path), decided under the musician's lock.
    const merged = await post(adaptive.app, song.id, newAddress());
    expect(merged.statusCode).toBe(428);
  });

  it('asks an address under pressure for a harder proof the busier it is', async () => {
    const ip = newAddress();
    const musician = await registerMusician(adaptive.app, { name: 'Busy Band' });
    const songs = await Promise.all(
      Array.from({ length: 3 * QUIET_PER_ADDRESS }, (_, i) =>
        createSong(adaptive.app, musician, { title: `Song ${i}` }),
      ),
    );
    const statuses: number[] = [];
    const difficulty: number[] = [];
    for (const song of songs) {
      const res = await post(adaptive.app, song.id, ip);
      statuses.push(res.statusCode);
      if (res.statusCode === 428)
        difficulty.push(ProofRequired.parse(res.json()).challenge.maxnumber);
    }
    // Quiet for its first writes of the minute, then a proof for each, harder each time.
    expect(statuses.slice(0, QUIET_PER_ADDRESS)).toEqual(Array(QUIET_PER_ADDRESS).fill(201));
    expect(statuses.slice(QUIET_PER_ADDRESS)).toEqual(Array(2 * QUIET_PER_ADDRESS).fill(428));
    expect(difficulty[0]).toBeGreaterThan(BASE_MAXNUMBER);
    expect(difficulty.at(-1)).toBe(maxNumberAt(3));
    expect(difficulty.at(-1)).toBeGreaterThan(difficulty[0]!);
    // Another phone, at another address, is not held to it.
    expect((await post(adaptive.app, songs.at(-1)!.id, newAddress())).statusCode).toBe(201);
  });

  it('makes a script pay for 300 invented +1s from one address what 300 phones would not', async () => {
    const ip = newAddress();
    const { id } = await waitingRequest(adaptive.app, newAddress());
    // A scripted attacker solving every challenge with node's fastest SHA-256, for 30 votes.
    const VOTES = 30;
    let tries = 0;
    const started = process.cpuUsage();
    for (let v = 0; v < VOTES; v++) {
      const asked = await vote(adaptive.app, id, ip);
      const { challenge } = ProofRequired.parse(asked.json());
      const payload = solveProof(challenge);
      tries += (JSON.parse(atob(payload)) as { number: number }).number + 1;
      const res = await vote(adaptive.app, id, ip, { 'x-altcha': payload });
      expect(res.statusCode).toBe(200);
    }
    const used = process.cpuUsage(started);
    // Each vote is two writes from the address: the challenges' ranges grow with them.
    const expectedTries = (votes: number) =>
      Array.from(
        { length: votes },
        (_, i) => maxNumberAt((2 * i + 1) / QUIET_PER_ADDRESS) / 2,
      ).reduce((a, b) => a + b, 0);
    // A measurement, printed for docs/benchmarks.md.
    console.warn(
      `proof of work: ${VOTES} votes from one address cost ${tries} hashes ` +
        `(${((used.user + used.system) / 1000).toFixed(0)} ms CPU, server included); ` +
        `300 would cost about ${Math.round(expectedTries(300))} hashes, ` +
        `one quiet phone's +1 about ${BASE_MAXNUMBER / 2}`,
    );
    // 300 votes cost the script more than a thousand phones' worth of work.
    expect(expectedTries(300)).toBeGreaterThan(1000 * (BASE_MAXNUMBER / 2));
    expect(tries).toBeGreaterThan(VOTES * (BASE_MAXNUMBER / 2) * 0.5);
  }, 90_000);
});

describe('PROOF_OF_WORK=off', () => {
  it('asks no write for a proof, a +1 included', async () => {
    const ip = newAddress();
    const { id } = await waitingRequest(off.app, ip);
    const res = await vote(off.app, id, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ votes: 2 });
  });
});
