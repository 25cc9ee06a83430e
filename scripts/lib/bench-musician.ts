/** A musician with a repertoire, seeded through the public API as a real musician would. */

export interface BenchMusician {
  token: string;
  musician: { id: string; slug: string; name: string };
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const GENRES = ['Rock', 'Pop', 'Jazz', 'Country', 'Soul', 'Blues', 'Folk', 'Funk', 'Indie'];
const MOODS = ['Happy', 'Sad', 'Romantic', 'Energetic', 'Chill', 'Nostalgic', 'Party'];
const WORDS = ['love', 'night', 'river', 'heart', 'fire', 'summer', 'rain', 'dream', 'road'];

/** A CSV of `count` distinct generated songs with genres, moods and years. */
function generatedCsv(count: number): string {
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  const lines = ['Title,Artist,Genre,Mood,Year'];
  for (let i = 0; i < count; i++) {
    const title = `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${i}`;
    const genre = `"${pick(GENRES, i)}, ${pick(GENRES, i * 3 + 1)}"`;
    lines.push([title, `Artist ${i % 60}`, genre, pick(MOODS, i * 5), 1960 + (i % 60)].join(','));
  }
  return lines.join('\n');
}

/** Registers a musician, adds the starter pack, then generated songs up to `songs` in all. */
export async function seedBenchMusician(url: string, songs: number): Promise<BenchMusician> {
  const run = Date.now().toString(36);
  const session = await json<BenchMusician>(
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Bench Band ${run}`,
        email: `bench-${run}@example.com`,
        password: 'benchmark password 1',
      }),
    }),
  );
  const auth = { authorization: `Bearer ${session.token}` };
  const pack = await json<{ songs_added: number }>(
    await fetch(`${url}/api/songs/starter-pack`, { method: 'POST', headers: auth }),
  );
  const missing = songs - pack.songs_added;
  if (missing > 0) {
    const form = new FormData();
    form.append('file', new Blob([generatedCsv(missing)], { type: 'text/csv' }), 'songs.csv');
    const upload = await json<{ songs_added: number }>(
      await fetch(`${url}/api/songs/csv/upload`, { method: 'POST', headers: auth, body: form }),
    );
    if (upload.songs_added !== missing) {
      throw new Error(`seeded ${upload.songs_added} generated songs of ${missing}`);
    }
  }
  const list = await json<unknown[]>(
    await fetch(`${url}/api/musicians/${session.musician.slug}/songs`),
  );
  if (list.length < songs) throw new Error(`the audience sees ${list.length} songs of ${songs}`);
  return session;
}
