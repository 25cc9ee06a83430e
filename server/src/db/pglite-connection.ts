/**
 * A node-postgres connection whose "server" is the embedded PGlite on its own thread, so the
 * embedded database runs through the same driver (pg, drizzle's node-postgres session, the same
 * type parsing) as PostgreSQL does. Modelled on PGlite's own `@electric-sql/pglite/node-postgres`
 * adapter, with differences that make each statement several times cheaper:
 *
 * - A query's messages (parse, bind, describe, execute, sync) go to PGlite as one call, where
 *   the adapter (and PGlite's own `query`) cross into WebAssembly once per message.
 * - Every statement is prepared once and reused by name (pglite-session.ts keeps them).
 * - Several connections share PGlite's one session, as a pool over a pooler would.
 */
import { EventEmitter } from 'node:events';
import { serialize } from 'pg-protocol';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { PgliteSession } from './pglite-session.ts';

interface ParseMessage {
  text: string;
  name?: string;
  types?: number[];
}

interface BindMessage {
  statement?: string;
  [key: string]: unknown;
}

/** BEGIN or START TRANSACTION, after any whitespace and comments. */
const BEGINS_TRANSACTION =
  /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*(?:begin|start\s+transaction)\b/i;
let nextConnection = 0;
/** What the answer to an already prepared statement's parse would have been. */
const PARSE_COMPLETE = { name: 'parseComplete', length: 4 } as const;

/** The slice of a node-postgres Connection that pg's Client uses. */
export class PgliteConnection extends EventEmitter {
  readonly #session: PgliteSession;
  readonly #parser = new Parser();
  /** Answers are emitted in the order the queries were written. */
  #answered: Promise<unknown> = Promise.resolve();

  // The query being written while pg's Client has the stream corked.
  #messages: Uint8Array[] = [];
  #corked = false;
  #beginsTransaction = false;
  #newStatements: string[] = [];
  /** It reuses a prepared statement: its ParseComplete is answered here, first. */
  #reusesStatement = false;
  /** The name the last unnamed parse was given; its bind must use it. */
  #statementName = '';
  /** The prepared statement the query being written binds (none for a simple query). */
  #boundStatement: string | undefined;
  /** Statements named by the caller are the connection's own, as on PostgreSQL. */
  readonly #namePrefix = `c${nextConnection++}.`;

  // Read by pg's Client.
  _connecting = false;
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  readonly stream = {
    cork: () => void (this.#corked = true),
    uncork: () => {
      this.#corked = false;
      this.#send();
    },
    destroy: () => this.end(),
  };

  constructor(session: PgliteSession) {
    super();
    this.#session = session;
  }

  #write(message: Uint8Array): void {
    this.#messages.push(message);
    if (!this.#corked) this.#send();
  }

  #send(): void {
    if (this.#messages.length === 0) return;
    const reusesStatement = this.#reusesStatement;
    const answer = this.#session.send({
      owner: this,
      messages: this.#messages,
      beginsTransaction: this.#beginsTransaction,
      newStatements: this.#newStatements,
      statement: this.#boundStatement,
    });
    this.#messages = [];
    this.#beginsTransaction = false;
    this.#newStatements = [];
    this.#boundStatement = undefined;
    this.#reusesStatement = false;
    this.#answered = this.#answered
      .then(() => answer)
      .then((bytes) => {
        if (reusesStatement) this.emit('parseComplete', PARSE_COMPLETE);
        for (const message of this.#parse(bytes)) {
          // node-postgres expects an ErrorResponse as 'errorMessage'.
          this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
        }
      })
      .catch((err: unknown) => this.emit('error', err));
  }

  #parse(bytes: Uint8Array): BackendMessage[] {
    const messages: BackendMessage[] = [];
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#parser.parse(buffer, (message) => messages.push(message));
    return messages;
  }

  connect(): void {
    this._connecting = true;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  parse(message: ParseMessage): void {
    if (BEGINS_TRANSACTION.test(message.text)) this.#beginsTransaction = true;
    if (message.name) {
      this.#write(serialize.parse({ ...message, name: this.#namePrefix + message.name }));
      return;
    }
    // An unnamed statement (every drizzle query): prepared once for the session, under a name.
    const statement = this.#session.statementFor(message.text);
    this.#statementName = statement.name;
    if (statement.prepared) {
      this.#reusesStatement = true;
      return;
    }
    if (statement.name) this.#newStatements.push(statement.name);
    this.#write(serialize.parse({ ...message, name: statement.name }));
  }

  bind(message: BindMessage): void {
    const statement = message.statement
      ? this.#namePrefix + message.statement
      : this.#statementName;
    this.#boundStatement = statement;
    this.#write(serialize.bind({ ...message, statement }));
  }

  execute(message: Parameters<typeof serialize.execute>[0]): void {
    this.#write(serialize.execute(message));
  }

  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#write(serialize.describe(message));
  }

  close(message: Parameters<typeof serialize.close>[0]): void {
    const name = message.name ? this.#namePrefix + message.name : message.name;
    this.#write(serialize.close({ ...message, name }));
  }

  query(text: string): void {
    if (BEGINS_TRANSACTION.test(text)) this.#beginsTransaction = true;
    this.#write(serialize.query(text));
  }

  flush(): void {
    this.#write(serialize.flush());
  }

  sync(): void {
    this.#write(serialize.sync());
  }

  end(): void {
    // Like a socket closing: pg waits for 'end'. A transaction left open is rolled back.
    this.#session.release(this);
    this.#answered = this.#answered.then(() => this.emit('end'));
  }

  // Authentication, TLS and cancelling mean nothing in-process.
  requestSsl(): void {}
  startup(): void {}
  password(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}
}
