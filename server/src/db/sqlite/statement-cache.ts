/**
 * Each SQL text prepared once: preparing costs as much as running a small statement, and Kysely
 * compiles the same few texts over and over. Bounded (least recently used goes) because a query
 * with an `in (...)` list makes a new text for each length.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { readerForDeclaredType, type ReadValue } from './sqlite-values.ts';

export interface PreparedSql {
  statement: StatementSync;
  /** Returns rows (a select, or a write with `returning`). */
  returnsRows: boolean;
  /** Column names in order, with how each is read (by its declared type). */
  names: string[];
  readers: ReadValue[];
  /** Writes, or may write: anything that does not start with `select` counts. */
  writes: boolean;
  /**
   * Changes the schema: the columns each cached statement was prepared with (a `select *`'s
   * names) may no longer be what it returns, so the cache starts again after it.
   */
  changesSchema: boolean;
}

export class StatementCache {
  readonly #db: DatabaseSync;
  readonly #capacity: number;
  // A Map iterates in insertion order: the first key is the least recently used.
  readonly #entries = new Map<string, PreparedSql>();

  constructor(db: DatabaseSync, capacity: number) {
    this.#db = db;
    this.#capacity = capacity;
  }

  get(sql: string): PreparedSql {
    const cached = this.#entries.get(sql);
    if (cached) {
      this.#entries.delete(sql);
      this.#entries.set(sql, cached);
      return cached;
    }
    const prepared = this.#prepare(sql);
    this.#entries.set(sql, prepared);
    if (this.#entries.size > this.#capacity) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return prepared;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  #prepare(sql: string): PreparedSql {
    const statement = this.#db.prepare(sql);
    // Arrays, made into plain objects by name below: the same shape node-postgres gives, and
    // each value converted on the way.
    statement.setReturnArrays(true);
    const columns = statement.columns();
    return {
      statement,
      returnsRows: columns.length > 0,
      names: columns.map((c) => c.name),
      readers: columns.map((c) => readerForDeclaredType(c.type)),
      writes: !/^\s*select\b/i.test(sql),
      changesSchema: /^\s*(create|alter|drop)\b/i.test(sql),
    };
  }
}

/** One row as the app reads it (a plain object, values converted by declared type). */
export function rowOf(prepared: PreparedSql, stored: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const { names, readers } = prepared;
  for (let i = 0; i < names.length; i++) {
    row[names[i]!] = readers[i]!(stored[i] as never);
  }
  return row;
}
