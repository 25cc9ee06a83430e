import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Song } from '#shared/schemas/song.ts';
import { loadConfig } from '#server/config.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// The musician's budget (1,000 a minute) is shared by every address. Once junk from many
// addresses has filled it, an address still gets in below its fair share (the budget split among
// the addresses that sent this minute, never below one): a real fan's first request counts,
// while the flood's addresses, past their share, are refused.

const limits = loadConfig({}).limits;
const { app } = await startTestApp({ limits });

const FLOOD_ADDRESSES = 650;
const addressOf = (n: number) => `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const deviceNo = (n: number) => `device-${String(n).padStart(20, '0')}`;

function post(song: Song, n: number, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/requests',
    remoteAddress: ip,
    headers: { 'x-device-id': deviceNo(n) },
    payload: {
      song_id: song.id,
      requester_name: `Junk ${n}`,
      requester_email: `j${n}@example.com`,
    },
  });
}

/** `count` junk requests numbered from `from`, from the 650 addresses in turn, 25 at a time. */
async function flood(songs: Song[], from: number, count: number): Promise<number[]> {
  const codes: number[] = [];
  for (let start = from; start < from + count; start += 25) {
    const batch = Array.from({ length: Math.min(25, from + count - start) }, (_, i) => start + i);
    const answers = await Promise.all(
      batch.map((n) => post(songs[n % songs.length]!, n, addressOf(n % FLOOD_ADDRESSES))),
    );
    codes.push(...answers.map((answer) => answer.statusCode));
  }
  return codes;
}

describe('the musician’s budget under a flood from many addresses', () => {
  it('leaves a real fan’s first request accepted while the flood is refused', async () => {
    expect(limits.perMusicianPerMinute).toBe(1000);
    const musician = await registerMusician(app);
    const songs: Song[] = [];
    for (let i = 0; i < 50; i++) songs.push(await createSong(app, musician, { title: `S${i}` }));

    // 1,000 junk requests from 650 addresses fill the budget: each is within every limit.
    const filled = await flood(songs, 0, 1000);
    expect(filled.filter((code) => code === 201)).toHaveLength(1000);

    // The flood goes on from the same addresses: each is past its share, and refused.
    const more = await flood(songs, 1000, 300);
    expect(more.every((code) => code === 429)).toBe(true);
    const refused = await post(songs[0]!, 5000, addressOf(3));
    expect(refused.json().detail).toBe(messages.musicianFlooded.replace('{wait}', '1 minute'));

    // A real fan from an address not seen this minute gets in, a +1 or a new request alike.
    const fan = await app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: '192.0.2.77',
      payload: { song_id: songs[7]!.id, requester_name: 'Real Fan', requester_email: 'fan@ex.com' },
    });
    expect(fan.statusCode, fan.body).toBe(201);
    const neighbour = await post(songs[8]!, 6000, '192.0.2.78');
    expect(neighbour.statusCode, neighbour.body).toBe(201);
    // Once in, the fan's address has had its one: its next waits like the flood's.
    expect((await post(songs[9]!, 6001, '192.0.2.77')).statusCode).toBe(429);
  }, 240_000);
});
