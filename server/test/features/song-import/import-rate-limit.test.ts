import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { IMPORTS_PER_MUSICIAN_PER_MINUTE } from '#server/features/song-import/song-import-routes.ts';
import { uploadFile } from './upload.ts';

const { app } = await startTestApp();

describe('the import routes', () => {
  it('are rate limited per musician, not per address', async () => {
    const musician = await registerMusician(app);
    for (let n = 0; n < IMPORTS_PER_MUSICIAN_PER_MINUTE; n++) {
      const route = n % 2 === 0 ? '/api/songs/lst/preview' : '/api/songs/csv/upload';
      const file = n % 2 === 0 ? 'a.lst' : 'a.csv';
      const content = n % 2 === 0 ? `Song ${n} - Band\n` : `Title,Artist\nSong ${n},Band\n`;
      const res = await uploadFile(app, musician, route, file, content);
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await uploadFile(app, musician, '/api/songs/lst/upload', 'a.lst', 'X - Y\n');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: messages.tooManyRequests });

    // Another musician at the same address still imports.
    const other = await registerMusician(app);
    const theirs = await uploadFile(app, other, '/api/songs/lst/preview', 'a.lst', 'X - Y\n');
    expect(theirs.statusCode).toBe(200);
  });
});
