import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { musicianSlugHistory, musicians } from '#server/db/schema.ts';
import type { MusicianRow } from './musician-mapper.ts';
import { isSlugShaped } from './slug.ts';

type NewMusician = Pick<MusicianRow, 'name' | 'email' | 'slug' | 'passwordHash'> &
  Partial<Pick<MusicianRow, 'oidcIssuer' | 'oidcSubject'>>;
export type MusicianChanges = Partial<Omit<MusicianRow, 'id' | 'createdAt' | 'email'>>;

export function musiciansRepository(db: Db) {
  const slugById = db
    .select({ slug: musicians.slug })
    .from(musicians)
    .where(eq(musicians.id, sql.placeholder('id')))
    .prepare('musicians_slug_by_id');

  return {
    /** Only the slug: every device's connection asks it (realtime/device-connections.ts). */
    async slugOf(id: string): Promise<string | undefined> {
      const [row] = await slugById.execute({ id });
      return row?.slug;
    },

    async findById(id: string): Promise<MusicianRow | undefined> {
      const [row] = await db.select().from(musicians).where(eq(musicians.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<MusicianRow | undefined> {
      const [row] = await db
        .select()
        .from(musicians)
        .where(sql`lower(${musicians.email}) = ${email.toLowerCase()}`);
      return row;
    },

    /** The musician who signs in with this identity-provider account (OIDC `iss` and `sub`). */
    async findByOidcAccount(issuer: string, subject: string): Promise<MusicianRow | undefined> {
      const [row] = await db
        .select()
        .from(musicians)
        .where(and(eq(musicians.oidcIssuer, issuer), eq(musicians.oidcSubject, subject)));
      return row;
    },

    /** Public links carry the slug: a text that cannot be one is not looked up. */
    async findBySlug(slug: string): Promise<MusicianRow | undefined> {
      if (!isSlugShaped(slug)) return undefined;
      const [row] = await db.select().from(musicians).where(eq(musicians.slug, slug));
      return row;
    },

    /** Slugs equal to base or of the form base-N, to pick a free one in one query. */
    async slugsLike(base: string, exceptMusicianId?: string): Promise<Set<string>> {
      const rows = await db
        .select({ slug: musicians.slug })
        .from(musicians)
        .where(
          and(
            or(eq(musicians.slug, base), like(musicians.slug, `${base}-%`)),
            exceptMusicianId ? sql`${musicians.id} <> ${exceptMusicianId}` : undefined,
          ),
        );
      return new Set(rows.map((row) => row.slug));
    },

    /** A new musician may take a slug someone used before: that old link becomes theirs. */
    async insert(values: NewMusician): Promise<MusicianRow> {
      return db.transaction(async (tx) => {
        await tx.delete(musicianSlugHistory).where(eq(musicianSlugHistory.slug, values.slug));
        const [row] = await tx.insert(musicians).values(values).returning();
        return row!;
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
      return db.transaction(async (tx) => {
        const newSlug = changes.slug;
        let previousSlug: string | undefined;
        if (newSlug !== undefined) {
          const [current] = await tx
            .select({ slug: musicians.slug })
            .from(musicians)
            .where(eq(musicians.id, id))
            .for('update');
          if (current && current.slug !== newSlug) {
            previousSlug = current.slug;
            await tx.delete(musicianSlugHistory).where(eq(musicianSlugHistory.slug, newSlug));
          }
        }
        const [row] = await tx
          .update(musicians)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(musicians.id, id))
          .returning();
        if (!row) return undefined;
        if (previousSlug) {
          await tx
            .insert(musicianSlugHistory)
            .values({ slug: previousSlug, musicianId: id })
            .onConflictDoUpdate({
              target: musicianSlugHistory.slug,
              set: { musicianId: id, createdAt: new Date() },
            });
        }
        return { row, ...(previousSlug ? { previousSlug } : {}) };
      });
    },

    /** The current slug of whoever used `oldSlug` before, for redirects of old links. */
    async currentSlugFor(oldSlug: string): Promise<string | undefined> {
      if (!isSlugShaped(oldSlug)) return undefined;
      const [row] = await db
        .select({ slug: musicians.slug })
        .from(musicianSlugHistory)
        .innerJoin(musicians, eq(musicians.id, musicianSlugHistory.musicianId))
        .where(eq(musicianSlugHistory.slug, oldSlug));
      return row?.slug;
    },

    /** Whether another musician's current slug is this one (old slugs do not count). */
    async slugTakenByOther(slug: string, musicianId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: musicians.id })
        .from(musicians)
        .where(and(eq(musicians.slug, slug), sql`${musicians.id} <> ${musicianId}`));
      return Boolean(row);
    },
  };
}

export type MusiciansRepository = ReturnType<typeof musiciansRepository>;
