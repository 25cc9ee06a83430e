/** Musicians with a repertoire, made through the public API as a real musician would. */

export interface SeededMusician {
  id: string;
  slug: string;
  token: string;
  /** One song per submission the generator will send, so each one files its own request. */
  songIds: string[];
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function seedMusician(
  url: string,
  label: string,
  songs: number,
): Promise<SeededMusician> {
  const session = await json<{ token: string; musician: { id: string; slug: string } }>(
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Faults ${label}`,
        email: `faults-${label}@example.com`,
        password: 'faults suite password 1',
      }),
    }),
  );
  const lines = ['Title,Artist'];
  for (let i = 0; i < songs; i++) lines.push(`Song ${i} of ${label},Faults Band`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'songs.csv');
  const upload = await json<{ songs_added: number }>(
    await fetch(`${url}/api/songs/csv/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    }),
  );
  if (upload.songs_added !== songs) throw new Error(`seeded ${upload.songs_added} of ${songs}`);
  const list = await json<Array<{ id: string }>>(
    await fetch(`${url}/api/musicians/${session.musician.slug}/songs`),
  );
  if (list.length !== songs) throw new Error(`the audience sees ${list.length} of ${songs} songs`);
  return { ...session.musician, token: session.token, songIds: list.map((song) => song.id) };
}

/** Seeds `count` musicians a few at a time (registration hashes a password: CPU-bound). */
export async function seedMusicians(
  url: string,
  run: string,
  count: number,
  songs: number,
): Promise<SeededMusician[]> {
  const seeded: SeededMusician[] = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) =>
      seedMusician(url, `${run}-${i + j}`, songs),
    );
    seeded.push(...(await Promise.all(batch)));
  }
  return seeded;
}
