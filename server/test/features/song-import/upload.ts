import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestMusician } from '#server-test/helpers/factories.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'csv');

/** A fixture file's exact bytes (BOMs and line ends included). */
export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

/** A multipart/form-data body with one file, as a browser's FormData would send it. */
export function multipartBody(
  filename: string,
  content: Buffer | string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----songs${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs one file to an import route as the musician. */
export function uploadFile(
  app: FastifyInstance,
  musician: TestMusician | null,
  url: string,
  filename: string,
  content: Buffer | string,
) {
  const { payload, headers } = multipartBody(filename, content);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(musician ? musician.auth : {}) },
  });
}
