import { messages } from '#shared/messages.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';

/**
 * What went wrong with a multipart upload, in a sentence: the plugin's limits by their codes;
 * the parser (busboy) under it gives its errors no code, only these messages.
 */
const CUT_OFF = /unexpected end of multipart data/i;

export function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { code, message = '' } = error as { code?: string; message?: string };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, messages.importFileTooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, messages.importOneFileOnly);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, messages.importTooManyParts);
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(messages.importUploadCutOff);
  }
  if (CUT_OFF.test(message)) return badRequest(messages.importUploadCutOff);
  // A missing boundary, a malformed part header, a field named __proto__.
  return badRequest(messages.importUploadUnreadable);
}
