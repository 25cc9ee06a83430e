import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { ProofRequired } from '#shared/schemas/proof-of-work.ts';
import { loadConfig } from '#server/config.ts';
import { derivedKeys } from '#server/db/derived-keys.ts';
import { BASE_MAXNUMBER } from '#server/proof-of-work/proof-of-work-service.ts';
import {
  createSong,
  registerMusician,
  suggestionPayload,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { solveProof, solveWithAltcha } from './solve-proof.ts';

// PROOF_OF_WORK=always (hostile venues, and these tests): every audience write first answers 428
// with ALTCHA's challenge; the same write sent again with the solved payload in X-Altcha lands,
// once. Challenges are bound to their musician and their kind of write.

const { app } = await startTestApp({ proofOfWork: 'always' });

let n = 0;
const person = () => ({ requester_name: `Fan ${++n}`, requester_email: `fan${n}@example.com` });

async function musicianWithSong(title = 'Wonderwall') {
  const musician = await registerMusician(app, { name: 'Proof Band' });
  await updateProfile(app, musician, { public_queue: true });
  const song = await createSong(app, musician, { title });
  return { musician, song };
}

const postRequest = (songId: string, headers: Record<string, string> = {}, who = person()) =>
  app.inject({
    method: 'POST',
    url: '/api/requests',
    headers,
    payload: { song_id: songId, dedication: '', tip_amount: 0, ...who },
  });

/** The 428's challenge, checked to be ALTCHA's shape. */
function challengeOf(res: { statusCode: number; json(): unknown; body: string }) {
  expect(res.statusCode, res.body).toBe(428);
  return ProofRequired.parse(res.json());
}

async function solvedFor(songId: string) {
  return solveProof(challengeOf(await postRequest(songId)).challenge);
}

describe('PROOF_OF_WORK=always', () => {
  it('is validated: adaptive by default, always, off, and nothing else', () => {
    expect(loadConfig({}).proofOfWork).toBe('adaptive');
    expect(loadConfig({ PROOF_OF_WORK: 'always' }).proofOfWork).toBe('always');
    expect(loadConfig({ PROOF_OF_WORK: 'off' }).proofOfWork).toBe('off');
    expect(() => loadConfig({ PROOF_OF_WORK: 'sometimes' })).toThrow(/PROOF_OF_WORK/);
  });

  it('answers a request 428 with a challenge, and the solved one sent again lands once', async () => {
    const { song } = await musicianWithSong();
    const who = person();
    const key = { 'idempotency-key': `proof-${n}` };
    const first = challengeOf(await postRequest(song.id, key, who));
    expect(first.detail).toBe(messages.proofOfWorkNeeded);
    expect(first.challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: BASE_MAXNUMBER });
    expect(first.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const payload = await solveWithAltcha(first.challenge);

    const landed = await postRequest(song.id, { ...key, 'x-altcha': payload }, who);
    expect(landed.statusCode, landed.body).toBe(201);
    // The same write retried (a lost answer) is answered as before, its spent proof and all.
    const retried = await postRequest(song.id, { ...key, 'x-altcha': payload }, who);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(landed.json());
    // Another write with the spent payload: a fresh challenge.
    const replayed = challengeOf(await postRequest(song.id, { 'x-altcha': payload }));
    expect(replayed.detail).toBe(messages.proofOfWorkRefused);
    expect(replayed.challenge.signature).not.toBe(first.challenge.signature);
  });

  it('refuses a challenge solved for another musician', async () => {
    const a = await musicianWithSong('Song A');
    const b = await musicianWithSong('Song B');
    const forA = await solvedFor(a.song.id);
    const res = challengeOf(await postRequest(b.song.id, { 'x-altcha': forA }));
    expect(res.detail).toBe(messages.proofOfWorkRefused);
    // Still good for A: the refusal on B spent nothing.
    expect((await postRequest(a.song.id, { 'x-altcha': forA })).statusCode).toBe(201);
  });

  it('refuses a challenge solved for a request on a +1 (bound to its kind)', async () => {
    const { song } = await musicianWithSong();
    const waiting = await postRequest(song.id, { 'x-altcha': await solvedFor(song.id) });
    const { id } = waiting.json<{ id: string }>();
    const vote = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/api/requests/${id}/vote`, headers, payload: person() });
    const forRequest = await solvedFor(song.id);
    expect(challengeOf(await vote({ 'x-altcha': forRequest })).detail).toBe(
      messages.proofOfWorkRefused,
    );
    const forVote = solveProof(challengeOf(await vote()).challenge);
    const voted = await vote({ 'x-altcha': forVote });
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json()).toMatchObject({ votes: 2, already_voted: false });
  });

  it('asks a suggestion for one too', async () => {
    const { musician } = await musicianWithSong();
    const suggest = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/song-suggestions',
        headers,
        payload: suggestionPayload(musician),
      });
    const { challenge } = challengeOf(await suggest());
    expect((await suggest({ 'x-altcha': solveProof(challenge) })).statusCode).toBe(201);
  });

  it('answers every bad X-Altcha 428 with a fresh challenge and a sentence, never a 500', async () => {
    const { song } = await musicianWithSong();
    const good = await solvedFor(song.id);
    const decoded = JSON.parse(atob(good)) as Record<string, unknown>;
    const forged = btoa(JSON.stringify({ ...decoded, signature: 'f'.repeat(64) }));
    const wrongNumber = btoa(JSON.stringify({ ...decoded, number: 0 }));
    const hmacKey = (await derivedKeys(app.database.kysely).derive('proof-of-work')).toString(
      'hex',
    );
    const musicianId = JSON.parse(atob(good)).salt.match(/m=([^&]+)/)[1] as string;
    const stale = await createChallenge({
      hmacKey,
      number: 5,
      maxnumber: 10,
      expires: new Date(Date.now() - 1000),
      params: { m: musicianId, k: 'request' },
    });
    const expired = btoa(JSON.stringify({ ...stale, number: 5 }));
    const bad = [
      'garbage',
      'x'.repeat(10_000),
      btoa('null'),
      btoa('[1,2]'),
      btoa(JSON.stringify({ ...decoded, algorithm: 'MD5' })),
      btoa(JSON.stringify({ ...decoded, number: 'NaN' })),
      btoa('{"salt":"\u0000"}'),
      forged,
      wrongNumber,
      expired,
    ];
    for (const header of bad) {
      const res = await postRequest(song.id, { 'x-altcha': header });
      expect(challengeOf(res).detail).toBe(messages.proofOfWorkRefused);
    }
    // The good one was never spent by any of those.
    expect((await postRequest(song.id, { 'x-altcha': good })).statusCode).toBe(201);
  });
});
