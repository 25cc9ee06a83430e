import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  createSong,
  registerMusician,
  submitRequest,
  uniqueEmail,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app, logs, rawLogs } = await startTestApp(
  {},
  {
    extend: (app) => {
      // A real failed query whose bound parameter is an email.
      app.post('/test/failing-query', async (request) => {
        const { email } = request.body as { email: string };
        await sql`select id from no_such_table where email = ${email}`.execute(app.database.kysely);
        return {};
      });
    },
  },
);

const onSqlite = app.database.kind === 'sqlite';

/**
 * Makes every insert into `table` fail inside the database with a message (and on PostgreSQL a
 * detail) that quote the row's email, the worst a driver error can carry, so the real route
 * answers a 500.
 */
async function failInsertsInto(table: string, emailColumn: string) {
  const { kysely } = app.database;
  const run = (text: string) => sql.raw(text).execute(kysely);
  if (onSqlite) {
    await run(`create trigger test_refuse_${table} before insert on ${table}
      begin select raise(abort, 'refused row for ' || new.${emailColumn}); end`);
    return async () => void (await run(`drop trigger test_refuse_${table}`));
  }
  await run(`
      create or replace function test_refuse_${table}() returns trigger language plpgsql as $$
      begin
        raise exception 'refused row for %', new.${emailColumn}
          using detail = 'Key (${emailColumn})=(' || new.${emailColumn} || ') already exists';
      end $$`);
  await run(`create trigger test_refuse_${table} before insert on ${table}
      for each row execute function test_refuse_${table}()`);
  return async () => {
    await run(`drop trigger test_refuse_${table} on ${table}`);
    await run(`drop function test_refuse_${table}()`);
  };
}

/** The log lines of unexpected errors, and the whole log, hold none of `secrets`. */
function expectLogFreeOf(secrets: string[]) {
  const errors = logs().filter((line) => line.err);
  expect(errors.length).toBeGreaterThan(0);
  const raw = rawLogs();
  for (const secret of secrets) expect(raw).not.toContain(secret);
  expect(raw).not.toMatch(/params:/);
  expect(raw).not.toMatch(/@example\.(org|com)/);
  return errors;
}

describe('the log of a 500', () => {
  it('keeps a failed query by its SQL text and code, never its values', async () => {
    const email = 'quoted.back@example.org';
    const res = await app.inject({
      method: 'POST',
      url: '/test/failing-query',
      payload: { email },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: messages.internalError });
    const [line] = expectLogFreeOf([email, 'quoted.back']);
    const err = line!.err as Record<string, unknown>;
    // Kysely throws the driver's error itself, named by its statement (db/failed-statement.ts).
    expect(err.sql).toBe(`select id from no_such_table where email = ${onSqlite ? '?' : '$1'}`);
    // PostgreSQL's undefined_table; SQLite's plain SQLITE_ERROR.
    expect(err.code).toBe(onSqlite ? 'sqlite 1' : '42P01');
  });

  it('of a register carries neither the email nor the password hash', async () => {
    const restore = await failInsertsInto('musicians', 'email');
    try {
      const email = uniqueEmail('register-500');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Log Privacy Band', email, password: 'correct horse 1' },
      });
      expect(res.statusCode).toBe(500);
      const errors = expectLogFreeOf([email, 'Log Privacy Band', '$argon2', '$2b$', 'scrypt']);
      const err = errors.at(-1)!.err as Record<string, unknown>;
      // Kysely throws the driver's error itself, named by its statement (db/failed-statement.ts).
      expect(String(err.sql)).toMatch(/insert into "musicians"/);
      // PostgreSQL's raise_exception; SQLite's SQLITE_CONSTRAINT_TRIGGER.
      expect(err.code).toBe(onSqlite ? 'sqlite 1811' : 'P0001');
    } finally {
      await restore();
    }
  });

  it('of an audience request carries no email, name or dedication', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const restore = await failInsertsInto('requests', 'requester_email');
    try {
      const requester = 'phone.owner@example.org';
      const res = await app.inject({
        method: 'POST',
        url: '/api/requests',
        payload: {
          song_id: song.id,
          requester_name: 'Private Person',
          requester_email: requester,
          dedication: 'For my secret love',
          tip_amount: 0,
        },
      });
      expect(res.statusCode).toBe(500);
      expectLogFreeOf([requester, 'Private Person', 'secret love', musician.email]);
    } finally {
      await restore();
    }
    // The app still files requests once the fault is gone.
    await submitRequest(app, song, { requester_email: 'after.fault@example.net' });
  });
});
