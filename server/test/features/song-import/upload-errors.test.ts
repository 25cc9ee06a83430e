import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { multipartBody } from './upload.ts';

/**
 * A song-list upload that is not one whole file in a form says what is wrong with it, not
 * "Please choose a file to upload." (which stays for a form that holds no file).
 */

const { app } = await startTestApp();

const BOUNDARY = 'song-list-form';
const FORM = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
  `Content-Type: text/csv\r\n\r\n${content}\r\n`;
const END = `--${BOUNDARY}--\r\n`;
const CSV = 'Title,Artist\nJolene,Dolly Parton\n';

async function post(url: string, headers: Record<string, string>, payload: string | Buffer) {
  const musician = await registerMusician(app);
  return app.inject({ method: 'POST', url, headers: { ...musician.auth, ...headers }, payload });
}

const routes = [
  ['/api/songs/csv/preview', 'songs.csv'],
  ['/api/songs/csv/upload', 'songs.csv'],
  ['/api/songs/lst/preview', 'songs.lst'],
  ['/api/songs/lst/upload', 'songs.lst'],
] as const;

describe.each(routes)('POST %s', (url, filename) => {
  const content = filename.endsWith('.csv') ? CSV : 'Jolene - Dolly Parton\n';

  it('more fields than a form of ours has: too many parts', async () => {
    const fields = Array.from({ length: 11 }, (_, i) => field(`note${i}`, 'x')).join('');
    const res = await post(url, FORM, fields + file(filename, content) + END);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: messages.importTooManyParts });
  });

  it('two files: one at a time', async () => {
    const res = await post(url, FORM, file(filename, content) + file(filename, content) + END);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: messages.importOneFileOnly });
  });

  it('a body cut off in the middle of the file: the upload stopped', async () => {
    const whole = file(filename, content) + END;
    const res = await post(url, FORM, whole.slice(0, whole.indexOf('Dolly')));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.importUploadCutOff });
  });

  it('a form without its boundary, or not a form: it could not be read', async () => {
    const res = await post(url, { 'content-type': 'multipart/form-data' }, file(filename, content));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.importUploadUnreadable });
  });

  it.each([
    ['JSON', 'application/json', JSON.stringify({ file: content })],
    ['the file itself', 'text/csv', content],
    ['a web form', 'application/x-www-form-urlencoded', `file=${encodeURIComponent(content)}`],
  ])('%s instead of a form upload: send it as a form', async (_, type, payload) => {
    const res = await post(url, { 'content-type': type }, payload);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: messages.importNotForm });
  });

  it('a form with no file still asks for one', async () => {
    const res = await post(url, FORM, field('note', 'hi') + END);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.importFileMissing });
  });

  it('one whole file in a form is read', async () => {
    const { payload, headers } = multipartBody(filename, content);
    const res = await post(url.replace('/upload', '/preview'), headers, payload);
    expect(res.statusCode).toBe(200);
  });
});
