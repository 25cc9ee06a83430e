import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { musicians } from '#server/db/schema.ts';
import type { MusicianRow } from './musician-mapper.ts';
import { isSlugShaped } from './slug.ts';

type NewMusician = Pick<MusicianRow, 'name' | 'email' | 'slug' | 'passwordHash'>;
export type MusicianChanges = Partial<Omit<MusicianRow, 'id' | 'createdAt' | 'email'>>;

export function musiciansRepository(db: Db) {
  return {
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

    async insert(values: NewMusician): Promise<MusicianRow> {
      const [row] = await db.insert(musicians).values(values).returning();
      return row!;
    },

    async update(id: string, changes: MusicianChanges): Promise<MusicianRow | undefined> {
      const [row] = await db
        .update(musicians)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(musicians.id, id))
        .returning();
      return row;
    },
  };
}

export type MusiciansRepository = ReturnType<typeof musiciansRepository>;
