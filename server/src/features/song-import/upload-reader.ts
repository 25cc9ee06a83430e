import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { IMPORT_FILE_MAX_BYTES } from '#shared/schemas/song-import.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { uploadError } from './upload-errors.ts';
import { UploadDecoder } from './upload-text.ts';

/** The limits handed to @fastify/multipart: one file of at most 5 MB, a few small fields. */
export const UPLOAD_LIMITS = {
  fileSize: IMPORT_FILE_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
};

/** Room for the multipart framing around the file: its part headers and the few small fields. */
const FRAMING_BYTES = 64 * 1024;

/** The rest of the body is never read: the connection closes after the answer. */
const tooLarge = () => new HttpError(413, messages.importFileTooLarge, { connection: 'close' });

/** onRequest: a body that declares more than a file's cap is refused before a byte is read. */
export async function refuseDeclaredOversize(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (
    length >
    IMPORT_FILE_MAX_BYTES + UPLOAD_LIMITS.fields * UPLOAD_LIMITS.fieldSize + FRAMING_BYTES
  ) {
    throw tooLarge();
  }
}

export interface UploadKind {
  /** Lower-case, with the dot: ".csv" */
  extension: string;
  wrongExtension: string;
}

/** The file's text, read as it is consumed; stopping early stops reading the request. */
export type UploadText = AsyncIterable<string>;

/**
 * The uploaded file of a multipart request, as text read while it is consumed (nothing is
 * read here beyond the part's headers). Checks the name before reading, and turns the plugin's
 * errors into `{ detail }` sentences: 413 once the file passes 5 MB (the rest is never read),
 * 400 otherwise. A consumer that stops early destroys the file, which stops the request's body.
 */
export async function openUploadedText(
  request: FastifyRequest,
  { extension, wrongExtension }: UploadKind,
): Promise<UploadText> {
  if (!request.isMultipart()) throw new HttpError(415, messages.importNotForm);
  const parts = request.parts();
  const file = await firstFile(parts);
  const stream = file.file;
  let overCap = false;
  /** Over the cap: the request is read no further, and the consumer is given the 413. */
  const refuse = () => {
    overCap = true;
    stopReading(request);
    return tooLarge();
  };
  // Past the cap the parser drops the rest of the file but goes on reading the request, as fast
  // as the client sends it, until the part ends: the socket is read no further from that moment,
  // not from when the consumer, still parsing what came before, has caught up with it. (A body
  // that arrived whole was parsed past the cap before this listener: `truncated` tells that.)
  stream.once('limit', () => stream.destroy(refuse()));
  if (!file.filename.toLowerCase().endsWith(extension)) {
    stream.resume();
    throw badRequest(wrongExtension);
  }
  return (async function* text() {
    const decoder = new UploadDecoder();
    let bytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        // Importing half a file is never right.
        if (stream.truncated) throw refuse();
        bytes += chunk.length;
        const part = decoder.write(chunk);
        if (part) yield part;
      }
    } catch (error) {
      throw error instanceof HttpError ? error : uploadError(error);
    } finally {
      if (!stream.readableEnded && !overCap) {
        // Stopped early at the row cap: nothing more is parsed, and the rest of a file under the
        // size cap is read and dropped, so the client, still sending it, gets the answer.
        stream.destroy();
        stream.once('close', () => discardRest(request));
      }
    }
    if (stream.truncated) throw refuse();
    if (bytes === 0) throw badRequest(messages.importFileEmpty);
    // Read to its end: a second file, or a body cut short after the first, is refused too.
    await noMoreFiles(parts);
    const rest = decoder.end();
    if (rest) yield rest;
  })();
}

type Parts = ReturnType<FastifyRequest['parts']>;

/** The form's first file part (fields before it are skipped). */
async function firstFile(parts: Parts) {
  try {
    for (;;) {
      const { value: part, done } = await parts.next();
      if (done) throw badRequest(messages.importFileMissing);
      if (part.type === 'file') return part;
    }
  } catch (error) {
    throw uploadError(error);
  }
}

async function noMoreFiles(parts: Parts): Promise<void> {
  try {
    for (;;) {
      const { value: part, done } = await parts.next();
      if (done) return;
      if (part.type === 'file') {
        part.file.resume();
        throw new HttpError(413, messages.importOneFileOnly);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
}

/**
 * Over the size cap: the socket is read no further from this moment (the parser unhooked, the
 * request paused; Node then stops reading the socket once the request's small buffer is full),
 * not only once the answer has closed the connection, which on a busy server comes megabytes
 * later. The answer says `Connection: close`, so nothing resumes it.
 */
function stopReading(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.pause();
}

/** Reads what is left of the body without keeping it, up to a file's cap; past it, hangs up. */
function discardRest(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.complete) return;
  let left = IMPORT_FILE_MAX_BYTES + FRAMING_BYTES;
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) raw.destroy();
  });
  raw.resume();
}
