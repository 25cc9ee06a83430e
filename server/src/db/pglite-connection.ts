/**
 * A node-postgres connection whose "server" is the embedded PGlite, so the embedded database
 * runs through the same driver (pg, drizzle's node-postgres session, the same type parsing) as
 * PostgreSQL does. Modelled on PGlite's own `@electric-sql/pglite/node-postgres` adapter, with
 * two differences that make each statement several times cheaper:
 *
 * - A query's messages (parse, bind, describe, execute, sync) go into PGlite as one call, where
 *   the adapter (and PGlite's own `query`) cross into WebAssembly once per message.
 * - A statement is parsed and planned once and then reused by name, as a long-lived PostgreSQL
 *   connection with prepared statements would. The most recent PREPARED_MAX are kept.
 */
import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/** Distinct statement texts kept prepared; drizzle's `inArray` makes one text per list length. */
const PREPARED_MAX = 500;

interface ParseMessage {
  text: string;
  name?: string;
  types?: number[];
}

interface BindMessage {
  statement?: string;
  [key: string]: unknown;
}

/** The slice of a node-postgres Connection that pg's Client uses. */
export class PgliteConnection extends EventEmitter {
  readonly #pglite: PGlite;
  #queue: Promise<unknown>;
  /** Messages written while the client has the stream corked: one query's worth. */
  #pending: Uint8Array[] = [];
  /** The pending query reuses a prepared statement: answer its parse ourselves, in order. */
  #pendingReusesStatement = false;
  /** Statement texts the pending messages prepare for the first time. */
  #pendingNewTexts: string[] = [];
  #corked = false;
  /** Statement text to the name it is prepared under, oldest first. */
  readonly #prepared = new Map<string, string>();
  #nextName = 0;
  /** The name the last unnamed parse was given; its bind must use it. */
  #lastParsedName = '';

  // Read by pg's Client.
  _connecting = false;
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  readonly stream = {
    cork: () => void (this.#corked = true),
    uncork: () => {
      this.#corked = false;
      this.#flush();
    },
    destroy: () => this.end(),
  };

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#queue = pglite.waitReady;
  }

  #send(message: Uint8Array): void {
    this.#pending.push(message);
    if (!this.#corked) this.#flush();
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    const batch = this.#pending.length === 1 ? this.#pending[0]! : concat(this.#pending);
    const reusesStatement = this.#pendingReusesStatement;
    const newTexts = this.#pendingNewTexts;
    this.#pending = [];
    this.#pendingReusesStatement = false;
    this.#pendingNewTexts = [];
    this.#queue = this.#queue
      .then(() => this.#pglite.execProtocolStream(batch, { throwOnError: false }))
      .then((messages) => {
        // pg's Client waits for a ParseComplete before anything else of the query.
        if (reusesStatement) this.emit('parseComplete', { name: 'parseComplete', length: 4 });
        // A parse that failed (a syntax error, an aborted transaction) prepared nothing.
        if (newTexts.length > 0 && !messages.some((message) => message.name === 'parseComplete')) {
          for (const text of newTexts) this.#prepared.delete(text);
        }
        for (const message of messages) {
          // node-postgres expects an ErrorResponse as 'errorMessage'.
          this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
        }
      })
      .catch((err: unknown) => this.emit('error', err));
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  parse(message: ParseMessage): void {
    if (message.name) {
      this.#send(serialize.parse(message));
      return;
    }
    // An unnamed statement (every drizzle query): prepare it once under a name of our own.
    const known = this.#prepared.get(message.text);
    if (known !== undefined) {
      this.#lastParsedName = known;
      this.#pendingReusesStatement = true;
      // Most recently used last: eviction takes the first.
      this.#prepared.delete(message.text);
      this.#prepared.set(message.text, known);
      return;
    }
    const name = `s${this.#nextName++}`;
    this.#lastParsedName = name;
    this.#evictOldest();
    this.#prepared.set(message.text, name);
    this.#pendingNewTexts.push(message.text);
    this.#send(serialize.parse({ ...message, name }));
  }

  /** Closes the least recently used statement once PREPARED_MAX are kept. */
  #evictOldest(): void {
    if (this.#prepared.size < PREPARED_MAX) return;
    const [text, name] = this.#prepared.entries().next().value!;
    this.#prepared.delete(text);
    this.#send(serialize.close({ type: 'S', name }));
  }

  bind(message: BindMessage): void {
    const statement = message.statement || this.#lastParsedName;
    this.#send(serialize.bind({ ...message, statement }));
  }

  execute(message: Parameters<typeof serialize.execute>[0]): void {
    this.#send(serialize.execute(message));
  }

  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#send(serialize.describe(message));
  }

  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#send(serialize.close(message));
  }

  query(text: string): void {
    this.#send(serialize.query(text));
  }

  flush(): void {
    this.#send(serialize.flush());
  }

  sync(): void {
    this.#send(serialize.sync());
  }

  end(): void {
    // Like a socket closing: pg waits for 'end'. The PGlite instance stays open: the pool
    // hands this same connection to its next client, without the ended client's listeners.
    this.#queue = this.#queue.then(() => this.emit('end'));
    for (const event of this.eventNames()) {
      if (event !== 'newListener') this.removeAllListeners(event);
    }
  }

  // Authentication, TLS and cancelling mean nothing in-process.
  requestSsl(): void {}
  startup(): void {}
  password(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
