/**
 * PGlite has one session; node-postgres wants a pool of connections. This shares the session the
 * way a transaction-level pooler (PgBouncer) does, so PGlite's thread always has the next query
 * waiting and the main thread never waits for one answer before sending the next:
 *
 * - Queries outside a transaction go to PGlite in the order they were written, several in
 *   flight at once; each ends with a Sync, so each is its own transaction.
 * - A connection that begins a transaction has the session to itself until PGlite reports it
 *   idle again (ReadyForQuery 'I' after COMMIT or ROLLBACK); the others' queries wait.
 * - Statements are prepared once for the session and reused by every connection.
 */
import { serialize } from 'pg-protocol';
import type { PgliteThread } from './pglite-thread.ts';

/** Distinct statement texts kept prepared; drizzle's `inArray` makes one text per list length. */
const PREPARED_MAX = 500;

/** What one connection sends at a time: one query's messages, answered as one. */
export interface Batch {
  owner: object;
  messages: Uint8Array[];
  /** The query is BEGIN: the session is the owner's until it is idle again. */
  beginsTransaction: boolean;
  /** Names of the statements it prepares for the first time (forgotten if the parse fails). */
  newStatements: string[];
  /** The prepared statement it binds, if any: no Close of that name may go in front of it. */
  statement?: string;
}

interface Waiting extends Batch {
  resolve(answer: Uint8Array): void;
  reject(err: unknown): void;
}

interface Statement {
  text: string;
  name: string;
  /** PGlite answered its Parse with ParseComplete: later batches may bind it. */
  ready: boolean;
}

export class PgliteSession {
  readonly #thread: Pick<PgliteThread, 'exec'>;
  readonly #waiting: Waiting[] = [];
  /** The connection inside a transaction, if any. */
  #transactionOwner: object | null = null;
  /** Statement text to its prepared statement, least recently used first. */
  readonly #statements = new Map<string, Statement>();
  /** Names to close once no waiting batch can still refer to them. */
  #toClose: string[] = [];
  #nextName = 0;
  /** Statements whose Parse has not been answered yet, by name. */
  readonly #parsing = new Map<string, Statement>();

  constructor(thread: Pick<PgliteThread, 'exec'>) {
    this.#thread = thread;
  }

  /**
   * The name `text` is prepared under, once PGlite has confirmed it (`prepared: true`, nothing
   * to parse); otherwise the name the caller's batch prepares it under. While the first parse
   * of a text is unanswered (it may fail), other batches parse it as PostgreSQL's unnamed
   * statement, which needs no closing, rather than prepare copies of it.
   */
  statementFor(text: string): { name: string; prepared: boolean } {
    const known = this.#statements.get(text);
    if (known?.ready) {
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return { name: known.name, prepared: true };
    }
    if (known) return { name: '', prepared: false };
    const statement = { text, name: `s${this.#nextName++}`, ready: false };
    this.#statements.set(text, statement);
    this.#parsing.set(statement.name, statement);
    if (this.#statements.size > PREPARED_MAX) {
      const [oldestText, oldest] = this.#statements.entries().next().value!;
      this.#statements.delete(oldestText);
      this.#parsing.delete(oldest.name);
      this.#toClose.push(oldest.name);
    }
    return { name: statement.name, prepared: false };
  }

  /** Queues a batch; resolves with PGlite's whole answer to it. */
  send(batch: Batch): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ ...batch, resolve, reject });
      this.#dispatch();
    });
  }

  /** A connection went away: a transaction it left open is rolled back. */
  release(owner: object): void {
    // Its BEGIN may still be waiting: the ROLLBACK queued behind it ends that transaction too.
    const mayOwn =
      this.#transactionOwner === owner || this.#waiting.some((batch) => batch.owner === owner);
    if (!mayOwn) return;
    void this.send({
      owner,
      messages: [serialize.query('ROLLBACK')],
      beginsTransaction: false,
      newStatements: [],
    }).catch(() => {});
  }

  /** Sends, in order, every waiting batch the session can take now. */
  #dispatch(): void {
    while (this.#waiting.length > 0) {
      const index = this.#transactionOwner
        ? this.#waiting.findIndex((batch) => batch.owner === this.#transactionOwner)
        : 0;
      if (index === -1) return;
      const [batch] = this.#waiting.splice(index, 1) as [Waiting];
      if (batch.beginsTransaction) this.#transactionOwner = batch.owner;
      this.#exec(batch);
    }
  }

  #exec(batch: Waiting): void {
    // Closing is safe once nothing waits: every batch that used those names has gone first.
    // The closes get a Sync of their own, so they are done before the batch begins.
    const names =
      this.#waiting.length === 0 ? this.#toClose.filter((name) => name !== batch.statement) : [];
    const closing = names.length > 0;
    if (closing) this.#toClose = this.#toClose.filter((name) => name === batch.statement);
    const closes = closing
      ? [...names.map((name) => serialize.close({ type: 'S', name })), SYNC]
      : [];
    this.#thread.exec(concat([...closes, ...batch.messages])).then(
      (answer) => {
        const own = closing ? afterFirstReadyForQuery(answer) : answer;
        this.#afterAnswer(batch, own);
        batch.resolve(own);
      },
      (err: unknown) => {
        if (this.#transactionOwner === batch.owner) this.#transactionOwner = null;
        for (const name of batch.newStatements) this.#parsing.delete(name);
        batch.reject(err);
        this.#dispatch();
      },
    );
  }

  #afterAnswer(batch: Waiting, answer: Uint8Array): void {
    // A parse that failed (a syntax error, an aborted transaction) prepared nothing.
    const parsed = batch.newStatements.length > 0 && hasMessage(answer, PARSE_COMPLETE);
    for (const name of batch.newStatements) {
      const statement = this.#parsing.get(name);
      this.#parsing.delete(name);
      if (!statement) continue;
      if (parsed) statement.ready = true;
      else if (this.#statements.get(statement.text) === statement) {
        this.#statements.delete(statement.text);
      }
    }
    if (batch.owner === this.#transactionOwner && transactionStatus(answer) === 'I') {
      this.#transactionOwner = null;
      this.#dispatch();
    }
  }
}

const PARSE_COMPLETE = 0x31; // '1'
const READY_FOR_QUERY = 0x5a; // 'Z'
const SYNC = serialize.sync();

/** Walks the backend messages of an answer: [type, offset] of each. */
function* messagesOf(answer: Uint8Array): Generator<[number, number]> {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  for (let offset = 0; offset + 5 <= answer.length; offset += 1 + view.getInt32(offset + 1)) {
    yield [answer[offset]!, offset];
  }
}

function hasMessage(answer: Uint8Array, type: number): boolean {
  for (const [messageType] of messagesOf(answer)) if (messageType === type) return true;
  return false;
}

/** The status of the last ReadyForQuery: 'I' idle, 'T' in a transaction, 'E' in a failed one. */
function transactionStatus(answer: Uint8Array): string | undefined {
  let status: string | undefined;
  for (const [type, offset] of messagesOf(answer)) {
    if (type === READY_FOR_QUERY) status = String.fromCharCode(answer[offset + 5]!);
  }
  return status;
}

/** The answer after the closes the session sent in front of the batch (up to their Sync). */
function afterFirstReadyForQuery(answer: Uint8Array): Uint8Array {
  for (const [type, offset] of messagesOf(answer)) {
    if (type === READY_FOR_QUERY) return answer.subarray(offset + 6);
  }
  return answer;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
