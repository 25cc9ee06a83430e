import { describe, expect, it } from 'vitest';
import type { PublicQueueResponse, VoteResponse } from '#shared/schemas/public-queue.ts';
import { loadConfig } from '#server/config.ts';
import {
  createSong,
  registerMusician,
  submitRequest,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// A +1 is one a person, but a person is only a name, an email and a device id the phone sends: a
// script invents 300 of them from one address. The +1s one address puts on one request stop
// counting at what a full venue behind one router gives (VOTE_LIMIT_PER_ADDRESS, 30).

const limits = loadConfig({}).limits;
const CAP = limits.votesPerAddress;
const { app } = await startTestApp({ limits });

const deviceNo = (n: number) => `device-${String(n).padStart(20, '0')}`;

async function requestInTheOpen() {
  const musician = await registerMusician(app, { name: 'Vote Band' });
  await updateProfile(app, musician, { public_queue: true });
  const song = await createSong(app, musician, { title: 'Wonderwall' });
  const other = await createSong(app, musician, { title: 'Other' });
  const first = await submitRequest(
    app,
    song,
    { requester_name: 'Ada', requester_email: 'ada@example.com' },
    { 'x-device-id': deviceNo(999_999) },
  );
  const second = await submitRequest(app, other, {
    requester_name: 'Bo',
    requester_email: 'bo@example.com',
  });
  return { slug: musician.musician.slug, song, id: first.id, otherId: second.id };
}

const vote = (id: string, n: number, ip: string) =>
  app.inject({
    method: 'POST',
    url: `/api/requests/${id}/vote`,
    remoteAddress: ip,
    headers: { 'x-device-id': deviceNo(n) },
    payload: { requester_name: `Invented ${n}`, requester_email: `invented${n}@example.com` },
  });

async function votesOf(slug: string, id: string): Promise<number> {
  const res = await app.inject({ url: `/api/musicians/${slug}/queue` });
  return res.json<PublicQueueResponse>().requests.find((r) => r.id === id)!.votes;
}

describe('+1s from one address', () => {
  it('is at the default a full room’s +1s on one song, and a config value', () => {
    expect(CAP).toBe(30);
    expect(loadConfig({ VOTE_LIMIT_PER_ADDRESS: '50' }).limits.votesPerAddress).toBe(50);
  });

  it('stops counting 300 invented voters from one address at the cap, without telling them off', async () => {
    const { slug, song, id, otherId } = await requestInTheOpen();
    const answers: VoteResponse[] = [];
    for (let n = 0; n < 300; n++) {
      const res = await vote(id, n, '198.51.100.7');
      // Past the cap a +1 is answered like one counted before: 200, never a refusal.
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json<VoteResponse>());
    }
    // The request itself came from 127.0.0.1: all 30 of this address's +1s counted, no more.
    expect(answers.filter((a) => !a.already_voted)).toHaveLength(CAP);
    expect(answers.at(-1)).toEqual({ id, votes: 1 + CAP, already_voted: true });
    expect(await votesOf(slug, id)).toBe(1 + CAP);
    // The same trick by POST /requests for the song is the same +1, and counts nothing either.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: '198.51.100.7',
      headers: { 'x-device-id': deviceNo(500) },
      payload: { song_id: song.id, requester_name: 'Eve', requester_email: 'eve@example.com' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ id, already_requested: true });
    expect(await votesOf(slug, id)).toBe(1 + CAP);
    // The address's share is of one request: its +1 on another still counts.
    expect((await vote(otherId, 300, '198.51.100.7')).json<VoteResponse>().already_voted).toBe(
      false,
    );
    expect(await votesOf(slug, otherId)).toBe(2);
  }, 180_000);

  it('counts the request and its +1s from one address together', async () => {
    const { slug, id } = await requestInTheOpen();
    // The request came from 127.0.0.1 (inject's address): that address has CAP - 1 left.
    for (let n = 0; n < CAP + 5; n++) await vote(id, n, '127.0.0.1');
    expect(await votesOf(slug, id)).toBe(CAP);
  }, 60_000);

  it('still counts voters from many addresses', async () => {
    const { slug, id } = await requestInTheOpen();
    for (let n = 0; n < CAP + 10; n++) await vote(id, n, '198.51.100.9');
    for (let n = 0; n < 40; n++) {
      const res = await vote(id, 1000 + n, `203.0.113.${n + 1}`);
      expect(res.json<VoteResponse>().already_voted).toBe(false);
    }
    expect(await votesOf(slug, id)).toBe(1 + CAP + 40);
  }, 120_000);
});
