import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { rowsOf } from '#server/db/rows-of.ts';

/**
 * The first `submit_request` of a database session compiles the function and plans each of its
 * statements: 165 ms for the first audience request after a start on the embedded database here,
 * against a few ms for every one after it. The server pays it before it listens, by filing a
 * request of a musician made up for the purpose, in a transaction rolled back: PostgreSQL keeps
 * the compiled function and its plans, and nothing of the request or the musician remains.
 * Resolves with the outcome ('created'), for its test.
 */
export async function warmUpSubmissions(db: Db): Promise<string | undefined> {
  let outcome: string | undefined;
  await db
    .transaction(async (tx) => {
      const [song] = rowsOf<{ id: string; musician_id: string }>(
        await tx.execute(sql`
          WITH musician AS (
            INSERT INTO musicians (name, email, slug, password_hash)
            VALUES ('Warm-up', 'warm-up@invalid', 'warm-up-' || gen_random_uuid(), '')
            RETURNING id
          )
          INSERT INTO songs (musician_id, title, artist)
          SELECT id, 'Warm-up', 'Warm-up' FROM musician
          RETURNING id, musician_id`),
      );
      const [filed] = rowsOf<{ outcome: string }>(
        await tx.execute(sql`
          SELECT outcome FROM submit_request(${song!.musician_id}::uuid, ${song!.id}::uuid,
            'Warm-up', 'warm-up@invalid', 'warm-up@invalid', '', 0, '', NULL,
            md5(random()::text), 'warm-up', now(), 60, 3, 1000, 400)`),
      );
      outcome = filed?.outcome;
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return outcome;
}
