/**
 * execRaw is the embedded database's hot path: every statement's protocol messages go through
 * it. PGlite's own execProtocolRaw keeps a parsed copy of every answer for good (PGlite 0.5.16),
 * so a long show's worth of statements grew the database thread's heap without end.
 */
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execRaw, openPglite } from '#server/db/pglite-open.ts';
import { collectGarbage } from '#server-test/helpers/collect-garbage.ts';

const retainedBytes = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

let pglite: PGlite;
beforeAll(async () => {
  pglite = await openPglite(undefined, []);
}, 60_000);
afterAll(() => pglite.close());

/** The protocol message types in an answer, in order (one letter each). */
function messageTypes(answer: Uint8Array): string {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  let types = '';
  for (let at = 0; at < answer.length; at += 1 + view.getInt32(at + 1)) {
    types += String.fromCharCode(answer[at]!);
  }
  return types;
}

describe('execRaw', { timeout: 60_000 }, () => {
  it("answers with PostgreSQL's bytes, whole, however many chunks PGlite writes them in", async () => {
    // 300 KB of rows: more than PGlite writes in one go.
    const query = serialize.query("SELECT repeat('x', 1000) FROM generate_series(1, 300)");
    const answer = await execRaw(pglite, query);
    expect(messageTypes(answer)).toBe(`T${'D'.repeat(300)}CZ`);
    expect(Buffer.from(answer).toString('latin1')).toContain('x'.repeat(1000));
  });

  it('keeps nothing of the answers it has given', async () => {
    const query = serialize.query("SELECT repeat('x', 2000)");
    for (let i = 0; i < 200; i++) await execRaw(pglite, query);
    const before = retainedBytes();
    for (let i = 0; i < 5000; i++) await execRaw(pglite, query);
    // Keeping each answer would be 10 MB or more (2 KB of text each).
    expect(retainedBytes() - before).toBeLessThan(2_000_000);
  });
});
