import { request as httpRequest } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { CsvPreviewResponse, LstPreviewResponse } from '#shared/schemas/song-import.ts';
import { IMPORT_FILE_MAX_BYTES } from '#shared/schemas/song-import.ts';
import { registerMusician, type TestMusician } from '#server-test/helpers/factories.ts';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import { uploadFile } from './upload.ts';

/**
 * How many bytes of each request's connection the server had pulled from the socket when it
 * answered, and in all once the connection closed: counted by the socket, so what the server
 * read is known whatever the timing (nothing read after the answer can hide from the second).
 */
const bytesRead = new Map<string, { atAnswer: number; inAll: Promise<number> }>();
const { app, url } = await startTestApp(
  { metadata: { ...testConfig().metadata, musicbrainzEnabled: false } },
  {
    listen: true,
    extend: (app) =>
      app.addHook('onSend', async (request) => {
        const id = request.headers['x-test-id'];
        if (typeof id !== 'string') return;
        const socket = request.raw.socket;
        const inAll = new Promise<number>((resolve) => {
          socket.once('close', () => resolve(socket.bytesRead));
        });
        bytesRead.set(id, { atAnswer: socket.bytesRead, inAll });
      }),
  },
);

/** The file of the issue: 315,000 rows, about 4.9 MB, under the size cap. */
const BIG_ROWS = 315_000;
const bigCsv = () => {
  const lines = ['Title,Artist'];
  for (let n = 0; n < BIG_ROWS; n++) lines.push(`S${n},A${n % 97}`);
  return `${lines.join('\n')}\n`;
};
const bigLst = () => {
  const lines: string[] = [];
  for (let n = 0; n < BIG_ROWS; n++) lines.push(`S${n} - A${n % 97}`);
  return `${lines.join('\n')}\n`;
};

describe('a file with more rows than the song cap', () => {
  it('CSV preview: reads up to the cap, says the rest was not read, builds no more', async () => {
    const csv = bigCsv();
    expect(csv.length).toBeLessThan(IMPORT_FILE_MAX_BYTES);
    const musician = await registerMusician(app);
    const res = await uploadFile(app, musician, '/api/songs/csv/preview', 'big.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CsvPreviewResponse>();
    expect(body.valid_rows).toBe(SONGS_PER_MUSICIAN_MAX);
    expect(body.total_rows).toBe(SONGS_PER_MUSICIAN_MAX);
    // The header is line 1: the first row left unread is line cap + 2.
    expect(body.errors).toEqual([
      { line: SONGS_PER_MUSICIAN_MAX + 2, reason: expect.stringContaining('10,000') },
    ]);
    expect(body.errors[0]!.reason).toBe(
      messages.importRowsOverCap.replace('{max}', SONGS_PER_MUSICIAN_MAX.toLocaleString('en')),
    );
  });

  it('LST preview: the same', async () => {
    const musician = await registerMusician(app);
    const res = await uploadFile(app, musician, '/api/songs/lst/preview', 'big.lst', bigLst());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LstPreviewResponse>();
    expect(body.total_songs).toBe(SONGS_PER_MUSICIAN_MAX);
    expect(body.errors).toEqual([
      {
        line: SONGS_PER_MUSICIAN_MAX + 1,
        reason: messages.importRowsOverCap.replace(
          '{max}',
          SONGS_PER_MUSICIAN_MAX.toLocaleString('en'),
        ),
      },
    ]);
  });

  it('CSV upload: adds the first 10,000 songs', async () => {
    const musician = await registerMusician(app);
    const res = await uploadFile(app, musician, '/api/songs/csv/upload', 'big.csv', bigCsv());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ songs_added: number }>().songs_added).toBe(SONGS_PER_MUSICIAN_MAX);
  });
});

/**
 * Sends a multipart body of a `.lst` file of `fileBytes` bytes, chunked (no Content-Length,
 * unless `withLength`), over a real socket; resolves with the status and how many bytes the
 * server had read from the connection when it answered and in all.
 */
function sendOversized(musician: TestMusician, fileBytes: number, withLength = false) {
  const boundary = 'capboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.lst"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // Comment lines: no song, so only the size cap can stop the reading.
  const line = Buffer.from('# not a song\n'.repeat(4096));
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent === 0) {
        sent += head.length;
        this.push(head);
      } else if (sent < fileBytes) {
        sent += line.length;
        this.push(line);
      } else {
        this.push(tail);
        this.push(null);
      }
    },
  });
  const id = String(Math.random());
  const answer = new Promise<{ status: number; detail: unknown }>((resolve, reject) => {
    const headers: Record<string, string> = {
      ...musician.auth,
      'x-test-id': id,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    if (withLength) headers['content-length'] = String(head.length + fileBytes + tail.length);
    const req = httpRequest(`${url}/api/songs/lst/preview`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        body.destroy();
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          detail: (JSON.parse(text) as { detail: unknown }).detail,
        });
      });
    });
    req.on('error', reject);
    body.pipe(req);
  });
  return answer.then(async ({ status, detail }) => {
    const read = bytesRead.get(id)!;
    return { status, detail, readAtAnswer: read.atAnswer, readInAll: await read.inAll };
  });
}

describe('a file over the size cap', () => {
  it('with a Content-Length over the cap is refused before its body is read', async () => {
    const musician = await registerMusician(app);
    const result = await sendOversized(musician, 40_000_000, true);
    expect(result.status).toBe(413);
    expect(result.detail).toBe(messages.importFileTooLarge);
    expect(result.readAtAnswer).toBeLessThan(1_000_000);
  });

  it('sent without a length is refused at the cap, the rest never read', async () => {
    const musician = await registerMusician(app);
    const result = await sendOversized(musician, 40_000_000);
    expect(result.status).toBe(413);
    expect(result.detail).toBe(messages.importFileTooLarge);
    // The cap and what the request's buffers held when the parser reached it; not the 40 MB,
    // neither before the answer nor after it.
    expect(result.readInAll).toBeLessThan(IMPORT_FILE_MAX_BYTES + 1_000_000);
  });
});

describe('one import at a time per musician', () => {
  it('refuses a second import while the first is still being read, then takes the next', async () => {
    const musician = await registerMusician(app);
    const boundary = 'slowboundary';
    const first = new PassThrough();
    const firstDone = app.inject({
      method: 'POST',
      url: '/api/songs/csv/preview',
      headers: { ...musician.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: first,
    });
    first.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\nTitle,Artist\r\nOne,Band\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    for (const route of ['/api/songs/csv/preview', '/api/songs/lst/upload']) {
      const file = route.includes('lst') ? 'b.lst' : 'b.csv';
      const content = route.includes('lst') ? 'Two - Band\n' : 'Title,Artist\nTwo,Band\n';
      const second = await uploadFile(app, musician, route, file, content);
      expect(second.statusCode, route).toBe(409);
      expect(second.json()).toEqual({ detail: messages.importAlreadyRunning });
    }
    // Another musician is not held up.
    const other = await registerMusician(app);
    const theirs = await uploadFile(app, other, '/api/songs/lst/preview', 'c.lst', 'X - Y\n');
    expect(theirs.statusCode).toBe(200);

    first.end(`Three,Band\r\n--${boundary}--\r\n`);
    const done = await firstDone;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<CsvPreviewResponse>().valid_rows).toBe(2);

    const next = await uploadFile(app, musician, '/api/songs/lst/preview', 'd.lst', 'Z - Y\n');
    expect(next.statusCode).toBe(200);
  });
});
