import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { IMPORT_FILE_MAX_BYTES } from '#shared/schemas/song-import.ts';
import type { Song } from '#shared/schemas/song.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from './upload.ts';

const { app } = await startTestApp({
  metadata: { ...testConfig().metadata, musicbrainzEnabled: false },
});

const songCount = async (musician: TestMusician) =>
  (await app.inject({ url: '/api/songs', headers: musician.auth })).json<Song[]>().length;

/** An LST of valid lines, exactly `size` bytes: a cut anywhere would still import songs. */
function lstOfSize(size: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let n = 0; length < size; n++) {
    const line = `Song ${n} - Artist ${n}\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, size);
}

const SIZES = [
  ['5 MiB + 1', IMPORT_FILE_MAX_BYTES + 1],
  ['5 MiB + 1000', IMPORT_FILE_MAX_BYTES + 1000],
  ['5.5 MB', 5_500_000],
  ['8 MB', 8_000_000],
] as const;

describe('an upload just over the 5 MB limit', () => {
  it.each(SIZES)('of %s is a 413 that imports nothing ', async (_label, size) => {
    const musician = await registerMusician(app);
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/lst/upload',
      'big.lst',
      lstOfSize(size),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: messages.importFileTooLarge });
    expect(await songCount(musician)).toBe(0);
  });

  it('still accepts a file of exactly 5 MiB', async () => {
    const musician = await registerMusician(app);
    const res = await uploadFile(
      app,
      musician,
      '/api/songs/lst/preview',
      'exact.lst',
      lstOfSize(IMPORT_FILE_MAX_BYTES),
    );
    expect(res.statusCode).toBe(200);
  });
});
