/**
 * A data folder of the release before SQLite (fixtures/pglite-release.tar.xz, made through its
 * routes of that release: fixtures/README.md) comes along on the first start: every row of every table
 * in SQLite, counted and logged, the old folder kept aside, and the musician signs in and finds
 * their queue as they left it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/database.ts';
import { sqliteFileIn } from '#server/db/sqlite/open-sqlite.ts';
import { has } from '#server-test/helpers/requirements.ts';
import { testConfig } from '#server-test/helpers/test-app.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'pglite-release.tar.xz');
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A data folder holding the release's `pglite` folder, as a server upgraded in place finds it. */
function releaseDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'songreq-import-'));
  folders.push(dataDir);
  execFileSync('tar', ['-xJf', fixture, '-C', dataDir]);
  return dataDir;
}

function recordingLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  const at = (level: string) => (details: object, message: string) =>
    void lines.push({ level, details, message });
  return { lines, log: { info: at('info'), warn: at('warn') } };
}

// The fixture is unpacked with tar -J, which runs xz.
describe.runIf(has.xz)('importing a PGlite data folder', () => {
  it(
    'copies every row into SQLite once, logs the counts, and keeps the old folder aside',
    {
      timeout: 60_000,
    },
    async () => {
      const dataDir = releaseDataDir();
      const { lines, log } = recordingLog();
      const database = await openDatabase({ kind: 'sqlite', dataDir }, log);
      try {
        const db = database.kysely;
        const count = async (
          table:
            | 'musicians'
            | 'requests'
            | 'shows'
            | 'playlists'
            | 'tips'
            | 'stageDevices'
            | 'feedTokens'
            | 'songs'
            | 'songSuggestions',
        ) =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect({
          musicians: await count('musicians'),
          songs: await count('songs'),
          playlists: await count('playlists'),
          shows: await count('shows'),
          requests: await count('requests'),
          tips: await count('tips'),
          suggestions: await count('songSuggestions'),
          stageDevices: await count('stageDevices'),
          feedTokens: await count('feedTokens'),
        }).toEqual({
          musicians: 2,
          songs: 8,
          playlists: 2,
          shows: 2,
          requests: 8,
          tips: 4,
          suggestions: 2,
          stageDevices: 2,
          feedTokens: 2,
        });
        const names = await db.selectFrom('musicians').select('name').orderBy('name').execute();
        expect(names.map((row) => row.name)).toEqual(['Ada Lovelace Trio', 'Émile & the 🎸s']);
        const statuses = await db.selectFrom('requests').select('status').execute();
        expect(statuses.map((row) => row.status).sort()).toEqual([
          'pending',
          'pending',
          'played',
          'played',
          'rejected',
          'rejected',
          'up_next',
          'up_next',
        ]);
        const tip = await db
          .selectFrom('tips')
          .selectAll()
          .where('amount', '=', '7.50')
          .executeTakeFirstOrThrow();
        expect(tip.createdAt).toBeInstanceOf(Date);
        expect(tip.requestId).toEqual(expect.any(String));
      } finally {
        await database.close();
      }
      const imported = lines.find((line) => line.message.startsWith('Imported'));
      expect(imported?.details).toMatchObject({ tables: { musicians: 2, requests: 8, tips: 4 } });
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
      expect(
        readdirSync(dataDir).filter((name) => name.startsWith('pglite-imported-')),
      ).toHaveLength(1);
      expect(existsSync(sqliteFileIn(dataDir))).toBe(true);
      expect(readdirSync(dataDir).filter((name) => name.endsWith('.importing'))).toEqual([]);

      // The next start finds nothing to import and the same rows.
      const again = recordingLog();
      const reopened = await openDatabase({ kind: 'sqlite', dataDir }, again.log);
      const requests = await reopened.kysely.selectFrom('requests').select('id').execute();
      await reopened.close();
      expect(requests).toHaveLength(8);
      expect(again.lines).toEqual([]);
    },
  );

  it('lets the musician sign in to the queue they left', { timeout: 60_000 }, async () => {
    const dataDir = releaseDataDir();
    const peek = await openDatabase({ kind: 'sqlite', dataDir });
    const { email, slug } = await peek.kysely
      .selectFrom('musicians')
      .select(['email', 'slug'])
      .where('name', '=', 'Ada Lovelace Trio')
      .executeTakeFirstOrThrow();
    await peek.close();
    const app = await buildApp(testConfig({ database: { kind: 'sqlite', dataDir } }));
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'correct horse 1' },
      });
      expect(login.statusCode).toBe(200);
      const queue = await app.inject({
        url: '/api/requests/grouped',
        headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
      });
      expect(queue.statusCode, queue.body).toBe(200);
      const titles = JSON.stringify(queue.json());
      for (const title of ['Yellow', 'Jolene', 'Hallelujah', 'Café del Mar ☕']) {
        expect(titles).toContain(title);
      }
      const page = await app.inject({ url: `/api/musicians/${slug}` });
      expect(page.statusCode, `${slug} ${page.body}`).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses a folder an old server still runs on, and leaves it whole', async () => {
    const dataDir = releaseDataDir();
    const { lockDataDir } = await import('#server/db/data-dir-lock.ts');
    const oldServer = lockDataDir(join(dataDir, 'pglite'));
    try {
      await expect(openDatabase({ kind: 'sqlite', dataDir })).rejects.toThrow(/in use/);
    } finally {
      oldServer.release();
    }
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(sqliteFileIn(dataDir))).toBe(false);
  });
});
