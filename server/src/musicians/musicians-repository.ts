import type { Kysely } from 'kysely';
import { compiledOnce } from '#server/db/statement-once.ts';
import type { DB } from '#server/db/tables.ts';
import type { MusicianRow } from './musician-mapper.ts';
import { lockMusicianRow } from './musician-row-lock.ts';
import { isSlugShaped } from './slug.ts';

type NewMusician = Pick<MusicianRow, 'name' | 'email' | 'slug' | 'passwordHash'> &
  Partial<Pick<MusicianRow, 'oidcIssuer' | 'oidcSubject'>>;
export type MusicianChanges = Partial<Omit<MusicianRow, 'id' | 'createdAt' | 'email'>>;

export function musiciansRepository(db: Kysely<DB>) {
  const slugById = compiledOnce(db, (values: { id: string }) =>
    db.selectFrom('musicians').select('slug').where('id', '=', values.id),
  );

  return {
    /** Only the slug: every device's connection asks it (realtime/device-connections.ts). */
    async slugOf(id: string): Promise<string | undefined> {
      const [row] = await slugById({ id });
      return row?.slug;
    },

    async findById(id: string): Promise<MusicianRow | undefined> {
      return db.selectFrom('musicians').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByEmail(email: string): Promise<MusicianRow | undefined> {
      return db
        .selectFrom('musicians')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    /** The musician who signs in with this identity-provider account (OIDC `iss` and `sub`). */
    async findByOidcAccount(issuer: string, subject: string): Promise<MusicianRow | undefined> {
      return db
        .selectFrom('musicians')
        .selectAll()
        .where('oidcIssuer', '=', issuer)
        .where('oidcSubject', '=', subject)
        .executeTakeFirst();
    },

    /** Public links carry the slug: a text that cannot be one is not looked up. */
    async findBySlug(slug: string): Promise<MusicianRow | undefined> {
      if (!isSlugShaped(slug)) return undefined;
      return db.selectFrom('musicians').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** Slugs equal to base or of the form base-N, to pick a free one in one query. */
    async slugsLike(base: string, exceptMusicianId?: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('musicians')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .$if(Boolean(exceptMusicianId), (query) => query.where('id', '<>', exceptMusicianId!))
        .execute();
      return new Set(rows.map((row) => row.slug));
    },

    /** A new musician may take a slug someone used before: that old link becomes theirs. */
    async insert(values: NewMusician): Promise<MusicianRow> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('musicianSlugHistory').where('slug', '=', values.slug).execute();
        return trx.insertInto('musicians').values(values).returningAll().executeTakeFirstOrThrow();
      });
    },

    /**
     * Changes the musician's fields. A new slug is recorded with the old one in the slug history
     * (so printed QR codes keep working) and takes over the new slug's history row, if any (the
     * musician's own old slug, or one another musician left behind), all in one transaction.
     */
    async update(
      id: string,
      changes: MusicianChanges,
    ): Promise<{ row: MusicianRow; previousSlug?: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const newSlug = changes.slug;
        let previousSlug: string | undefined;
        if (newSlug !== undefined) {
          const current = await lockMusicianRow(trx, id);
          if (current && current.slug !== newSlug) {
            previousSlug = current.slug;
            await trx.deleteFrom('musicianSlugHistory').where('slug', '=', newSlug).execute();
          }
        }
        const row = await trx
          .updateTable('musicians')
          .set({ ...changes, updatedAt: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        if (previousSlug) {
          await trx
            .insertInto('musicianSlugHistory')
            .values({ slug: previousSlug, musicianId: id })
            .onConflict((conflict) =>
              conflict.column('slug').doUpdateSet({ musicianId: id, createdAt: new Date() }),
            )
            .execute();
        }
        return { row, ...(previousSlug ? { previousSlug } : {}) };
      });
    },

    /** The current slug of whoever used `oldSlug` before, for redirects of old links. */
    async currentSlugFor(oldSlug: string): Promise<string | undefined> {
      if (!isSlugShaped(oldSlug)) return undefined;
      const row = await db
        .selectFrom('musicianSlugHistory')
        .innerJoin('musicians', 'musicians.id', 'musicianSlugHistory.musicianId')
        .select('musicians.slug')
        .where('musicianSlugHistory.slug', '=', oldSlug)
        .executeTakeFirst();
      return row?.slug;
    },

    /** Whether another musician's current slug is this one (old slugs do not count). */
    async slugTakenByOther(slug: string, musicianId: string): Promise<boolean> {
      const row = await db
        .selectFrom('musicians')
        .select('id')
        .where('slug', '=', slug)
        .where('id', '<>', musicianId)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type MusiciansRepository = ReturnType<typeof musiciansRepository>;
