import { messages } from '#shared/messages.ts';
import { badRequest } from '#server/http/errors.ts';
import type { HistoryPosition } from './requests-repository.ts';

/**
 * The opaque cursors of the request lists: base64url JSON, handed out by the server and only
 * passed back by devices. Anything that does not decode to the right shape is a 400 (a stale
 * or edited link), never a 500.
 */

/** A poll's place: read changes from `from`, deletions from `issued` (the server's clock both). */
export interface SinceCursor {
  from: Date;
  issued: number;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badRequest(messages.requestsCursorInvalid);
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(messages.requestsCursorInvalid);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function sinceCursor(cursor: SinceCursor): string {
  return encode({ f: cursor.from.toISOString(), i: cursor.issued });
}

export function parseSince(cursor: string): SinceCursor {
  const value = decode(cursor);
  if (isRecord(value) && typeof value.f === 'string' && Number.isSafeInteger(value.i)) {
    const from = new Date(value.f);
    if (!Number.isNaN(from.getTime())) return { from, issued: value.i as number };
  }
  throw badRequest(messages.requestsCursorInvalid);
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A real instant in the form the repository writes (a round trip rejects 2026-02-30). */
function isIsoMicros(text: string): boolean {
  if (!ISO_MICROS.test(text)) return false;
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === text.slice(0, 23);
}

export function beforeCursor(position: HistoryPosition): string {
  return encode({ c: position.createdAt, id: position.id });
}

export function parseBefore(cursor: string): HistoryPosition {
  const value = decode(cursor);
  if (
    isRecord(value) &&
    typeof value.c === 'string' &&
    isIsoMicros(value.c) &&
    typeof value.id === 'string' &&
    UUID.test(value.id)
  ) {
    return { createdAt: value.c, id: value.id };
  }
  throw badRequest(messages.requestsCursorInvalid);
}
