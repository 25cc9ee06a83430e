import { describe, expect, it } from 'vitest';
import type { CreateRequestBody, SongRequest } from '#shared/schemas/request.ts';
import type { Song } from '#shared/schemas/song.ts';
import { loadConfig, type SubmissionLimits } from '#server/config.ts';
import { createSong, registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Every limit of an audience request is decided under the musician's lock, in the statement that
// files it: parallel submissions cannot all read "under the limit" and all be filed. And one
// address, however many emails and device ids it invents, gets only its share of a musician.

const defaults = loadConfig({}).limits;

async function appWith(limits: Partial<SubmissionLimits>) {
  const { app } = await startTestApp({ limits: { ...defaults, ...limits } });
  return app;
}

type App = Awaited<ReturnType<typeof appWith>>;

async function musicianWithSongs(app: App, count: number) {
  const musician = await registerMusician(app);
  const songs: Song[] = [];
  for (let i = 0; i < count; i++) songs.push(await createSong(app, musician, { title: `S${i}` }));
  return { musician, songs };
}

function post(
  app: App,
  song: Song,
  body: Partial<CreateRequestBody>,
  { ip = '10.0.0.1', device = '' }: { ip?: string; device?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/requests',
    remoteAddress: ip,
    headers: device ? { 'x-device-id': device } : {},
    payload: {
      song_id: song.id,
      requester_name: 'Pat',
      requester_email: 'pat@example.com',
      ...body,
    },
  });
}

const deviceNo = (n: number) => `device-${String(n).padStart(20, '0')}`;

async function countRequests(app: App, musician: TestMusician): Promise<number> {
  const res = await app.inject({
    url: `/api/requests/musician/${musician.musician.id}`,
    headers: musician.auth,
  });
  return res.json<{ requests: SongRequest[] }>().requests.length;
}

describe('limits decided together with the insert', () => {
  it('admits exactly 3 of 20 parallel requests from one device, each with its own email', async () => {
    const app = await appWith({});
    const { musician, songs } = await musicianWithSongs(app, 20);
    const answers = await Promise.all(
      songs.map((song, i) =>
        post(app, song, { requester_email: `own${i}@example.com` }, { device: deviceNo(1) }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(17);
    expect(await countRequests(app, musician)).toBe(3);
  });

  it('admits exactly 3 of 20 parallel requests from one email on 20 devices', async () => {
    const app = await appWith({});
    const { musician, songs } = await musicianWithSongs(app, 20);
    const answers = await Promise.all(
      songs.map((song, i) =>
        post(app, song, { requester_email: 'SAME@example.com' }, { device: deviceNo(i) }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(await countRequests(app, musician)).toBe(3);
  });

  it('admits past a full budget each address’s first only, decided one at a time', async () => {
    const app = await appWith({ perMusicianPerMinute: 10 });
    const { musician, songs } = await musicianWithSongs(app, 60);
    const round = (from: number) =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(
            app,
            songs[from + i]!,
            { requester_email: `p${from + i}@example.com` },
            { ip: `10.1.0.${i + 1}`, device: deviceNo(from + i) },
          ),
        ),
      );
    // 30 people from 30 addresses at once: the budget of 10, then each newcomer's first (its
    // fair share of the budget is never below one: request-admission.ts).
    const first = await round(0);
    expect(first.filter((res) => res.statusCode === 201)).toHaveLength(30);
    // The same 30 addresses again: 30 share 10, each has had its one, all wait.
    const second = await round(30);
    expect(second.filter((res) => res.statusCode === 429)).toHaveLength(30);
    expect(await countRequests(app, musician)).toBe(30);
  });

  it('admits exactly one address’s share of 20 parallel people behind it', async () => {
    const app = await appWith({ perMusicianPerMinute: 100, perAddressPerMinute: 5 });
    const { musician, songs } = await musicianWithSongs(app, 20);
    const answers = await Promise.all(
      songs.map((song, i) =>
        post(app, song, { requester_email: `p${i}@example.com` }, { device: deviceNo(i) }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(5);
    expect(await countRequests(app, musician)).toBe(5);
  });
});

describe('one address’s share of a musician', () => {
  it('cannot fill the musician’s budget: someone at another address still gets in', async () => {
    const app = await appWith({ perMusicianPerMinute: 10, perAddressPerMinute: 4 });
    const { songs } = await musicianWithSongs(app, 13);
    // A script inventing a new email and device id for every request, from one address.
    const flood: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(
        app,
        songs[i]!,
        { requester_email: `bot${i}@example.com` },
        {
          ip: '198.51.100.7',
          device: deviceNo(i),
        },
      );
      flood.push(res.statusCode);
    }
    expect(flood.filter((code) => code === 201)).toHaveLength(4);
    const refused = await post(
      app,
      songs[4]!,
      { requester_email: 'bot99@example.com' },
      {
        ip: '198.51.100.7',
      },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^So many people are writing to this musician/);

    const someoneElse = await post(
      app,
      songs[12]!,
      { requester_email: 'real@example.com' },
      {
        ip: '203.0.113.20',
        device: deviceNo(500),
      },
    );
    expect(someoneElse.statusCode, someoneElse.body).toBe(201);
  });

  it('still lets a venue of 300 people behind one address each ask for a song, at the defaults', async () => {
    const app = await appWith({});
    // Ten songs, 30 people each: every +1 counts up to the address's share of one request.
    const { musician, songs } = await musicianWithSongs(app, 10);
    for (let person = 0; person < 300; person++) {
      const res = await post(
        app,
        songs[person % 10]!,
        { requester_email: `guest${person}@example.com` },
        {
          ip: '192.0.2.50',
          device: deviceNo(person),
        },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: musician.auth,
    });
    const { requests } = res.json<{ requests: SongRequest[] }>();
    expect(requests.map((r) => r.votes)).toEqual(Array(10).fill(defaults.votesPerAddress));
  }, 120_000);

  it('is at the defaults well above a venue and well below the musician’s budget', () => {
    expect(defaults.perAddressPerMinute).toBeGreaterThanOrEqual(300);
    expect(defaults.perAddressPerMinute * 2).toBeLessThanOrEqual(defaults.perMusicianPerMinute);
  });
});
