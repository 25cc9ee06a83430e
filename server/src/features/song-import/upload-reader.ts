import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { IMPORT_FILE_MAX_BYTES } from '#shared/schemas/song-import.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';

/** The limits handed to @fastify/multipart: one file of at most 5 MB, a few small fields. */
export const UPLOAD_LIMITS = {
  fileSize: IMPORT_FILE_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
};

interface Expected {
  /** Lower-case, with the dot: ".csv" */
  extension: string;
  wrongExtension: string;
}

/**
 * The uploaded file of a multipart request, as text. Checks the name before reading, and turns
 * the plugin's errors into `{ detail }` sentences: 413 for a file over 5 MB, 400 otherwise.
 */
export async function readUploadedText(
  request: FastifyRequest,
  { extension, wrongExtension }: Expected,
): Promise<string> {
  if (!request.isMultipart()) throw badRequest(messages.importFileMissing);
  const file = await request.file().catch((error: unknown) => {
    throw uploadError(error);
  });
  if (!file) throw badRequest(messages.importFileMissing);
  if (!file.filename.toLowerCase().endsWith(extension)) {
    file.file.resume();
    throw badRequest(wrongExtension);
  }
  const buffer = await file.toBuffer().catch((error: unknown) => {
    throw uploadError(error);
  });
  // The plugin does not always throw at the limit: a file cut at 5 MiB comes back whole-looking,
  // with only this flag saying the rest was dropped. Importing half a file is never right.
  if (file.file.truncated || buffer.length > IMPORT_FILE_MAX_BYTES) {
    throw new HttpError(413, messages.importFileTooLarge);
  }
  if (buffer.length === 0) throw badRequest(messages.importFileEmpty);
  return decodeText(buffer);
}

function uploadError(error: unknown): HttpError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.importFileTooLarge);
  return badRequest(messages.importFileMissing);
}

/**
 * Files come from everywhere: UTF-8 with or without a byte-order mark, "Unicode text" exports
 * (UTF-16 with a mark), and older spreadsheet apps writing Windows-1252. A file that is not
 * valid UTF-8 is read as Windows-1252, so "Café" from such an app stays "Café", not "Caf�".
 */
function decodeText(buffer: Uint8Array): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}
