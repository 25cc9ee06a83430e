/**
 * musician id -> slug, for the room of each event: rooms are named by slug, events carry the
 * musician id. Filled as devices connect and events resolve; kept current on slug changes.
 */
export function slugDirectory(slugOf: (musicianId: string) => Promise<string | undefined>) {
  const slugs = new Map<string, string>();
  return {
    known: (musicianId: string): string | undefined => slugs.get(musicianId),

    set: (musicianId: string, slug: string): void => void slugs.set(musicianId, slug),

    async resolve(musicianId: string): Promise<string | undefined> {
      const known = slugs.get(musicianId);
      if (known) return known;
      const slug = await slugOf(musicianId);
      if (slug) slugs.set(musicianId, slug);
      return slug;
    },
  };
}

export type SlugDirectory = ReturnType<typeof slugDirectory>;
