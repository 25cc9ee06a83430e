/**
 * The values SQLite stores and the JavaScript values the app reads and writes, converted so that a
 * row read through SQLite is the row node-postgres gives on PostgreSQL (docs/architecture.md, "One
 * query layer"). Reads convert by the column's declared type, which
 * SQLite reports only for a column read straight from a table: an expression (`count(*)`,
 * `max(created_at)`) has none and comes back as stored, on purpose, so that query code converts
 * such results itself the same way on both engines.
 */
import { UnstorableTextError } from './sqlite-errors.ts';
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';

/** Turns one stored value of a column into the value the app reads. */
export type ReadValue = (stored: SQLOutputValue) => unknown;

const asStored: ReadValue = (stored) => stored;

const asBoolean: ReadValue = (stored) => (stored === null ? null : stored !== 0 && stored !== 0n);

// Stored as milliseconds since the epoch (INTEGER); a REAL from arithmetic is still a time.
const asDate: ReadValue = (stored) =>
  typeof stored === 'number' || typeof stored === 'bigint' ? new Date(Number(stored)) : stored;

const asJson: ReadValue = (stored) => (typeof stored === 'string' ? JSON.parse(stored) : stored);

// node:sqlite hands out a Uint8Array; node-postgres a Buffer over the same bytes (no copy here).
const asBuffer: ReadValue = (stored) =>
  stored instanceof Uint8Array
    ? Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)
    : stored;

/**
 * node-postgres gives `numeric` as a string written with the column's scale ('12.50' for
 * numeric(10,2)); SQLite keeps the number (REAL or INTEGER), so the scale comes from the declared
 * type. A value that is not a number (text stored in the column) is left alone.
 */
function asNumericText(scale: number | undefined): ReadValue {
  return (stored) => {
    if (typeof stored === 'bigint') return scale ? `${stored}.${'0'.repeat(scale)}` : `${stored}`;
    if (typeof stored !== 'number') return stored;
    return scale === undefined ? String(stored) : stored.toFixed(scale);
  };
}

/** How a column of this declared type is read; `null` (an expression) reads as stored. */
export function readerForDeclaredType(declared: string | null): ReadValue {
  if (!declared) return asStored;
  const match = /^\s*([A-Za-z]+)\s*(?:\(\s*\d+\s*(?:,\s*(\d+)\s*)?\))?/.exec(declared);
  switch (match?.[1]?.toUpperCase()) {
    case 'BOOLEAN':
      return asBoolean;
    case 'TIMESTAMPTZ':
      return asDate;
    case 'JSONB':
    case 'JSON':
      return asJson;
    case 'BLOB':
      return asBuffer;
    case 'NUMERIC':
      return asNumericText(match?.[2] === undefined ? undefined : Number(match[2]));
    default:
      return asStored;
  }
}

/** One parameter as SQLite takes it. Throws on a value no column could mean (undefined, NaN dates). */
export function toSqliteValue(value: unknown): SQLInputValue {
  switch (typeof value) {
    case 'string':
      if (value.includes('\0')) throw new UnstorableTextError();
      return value;
    case 'number':
    case 'bigint':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'undefined':
      // Kysely leaves undefined out of inserts and updates; one reaching here is a bug upstream.
      throw new TypeError('undefined cannot be written to SQLite: pass null for an empty value');
    case 'object':
      if (value === null) return null;
      if (value instanceof Date) {
        const ms = value.getTime();
        if (Number.isNaN(ms)) throw new TypeError('An invalid Date cannot be written to SQLite');
        return ms;
      }
      if (ArrayBuffer.isView(value)) return value as SQLInputValue;
      if (Array.isArray(value) || isPlainObject(value)) return JSON.stringify(value);
      break;
  }
  throw new TypeError(`A ${describe(value)} cannot be written to SQLite`);
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'object';
  return typeof value;
}
