import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { registerMusician, createSong } from './helpers/factories.ts';
import { removeDataDir } from './helpers/remove-data-dir.ts';
import { testConfig } from './helpers/test-app.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'songreq-persist-'));
afterAll(() => removeDataDir(dataDir));

describe('embedded database on disk', () => {
  it('keeps accounts and songs across a restart', async () => {
    const config = testConfig({ database: { kind: 'sqlite', dataDir }, logLevel: 'silent' });

    const first = await buildApp(config);
    const musician = await registerMusician(first);
    const song = await createSong(first, musician, { title: 'Still Here' });
    await first.close();

    const second = await buildApp(config);
    try {
      const login = await second.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: musician.email, password: musician.password },
      });
      expect(login.statusCode).toBe(200);
      const songs = await second.inject({
        url: '/api/songs',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(songs.json()).toEqual([song]);
    } finally {
      await second.close();
    }
  });
});
