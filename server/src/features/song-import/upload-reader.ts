import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';
import { IMPORT_FILE_MAX_BYTES } from '#shared/schemas/song-import.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { uploadError } from './upload-errors.ts';

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
 * The one uploaded file of a multipart request, as text. Checks the name before reading, and turns
 * what is wrong with the upload into a `{ detail }` sentence (upload-errors.ts): 413 for a file
 * over 5 MB, a second file or too many parts; 415 for a body that is not a form; 400 otherwise.
 */
export async function readUploadedText(
  request: FastifyRequest,
  expected: Expected,
): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(415, messages.importNotForm);
  let text: string | undefined;
  try {
    // Every part is read to its end: a second file or a body cut short after the first file is
    // refused too, not imported as if the form were whole.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (text !== undefined) throw new HttpError(413, messages.importOneFileOnly);
      text = await readFilePart(part, expected);
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (text === undefined) throw badRequest(messages.importFileMissing);
  return text;
}

async function readFilePart(
  file: MultipartFile,
  { extension, wrongExtension }: Expected,
): Promise<string> {
  if (!file.filename.toLowerCase().endsWith(extension)) {
    file.file.resume();
    throw badRequest(wrongExtension);
  }
  const buffer = await file.toBuffer();
  // The plugin does not always throw at the limit: a file cut at 5 MiB comes back whole-looking,
  // with only this flag saying the rest was dropped. Importing half a file is never right.
  if (file.file.truncated || buffer.length > IMPORT_FILE_MAX_BYTES) {
    throw new HttpError(413, messages.importFileTooLarge);
  }
  if (buffer.length === 0) throw badRequest(messages.importFileEmpty);
  return decodeText(buffer);
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
