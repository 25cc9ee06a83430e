import { messages } from '../../../../shared/src/messages.ts';
import type { PublicMusician } from '../../../../shared/src/schemas/musician.ts';
import type { PublicSong } from '../../../../shared/src/schemas/song.ts';
import { notFound } from '../../http/errors.ts';
import type { SongsService } from '../songs/songs-service.ts';
import { toPublicMusician } from './musician-mapper.ts';
import type { MusiciansRepository } from './musicians-repository.ts';

/** What the audience page may read about a musician, found by the slug in its link. */
export function publicMusiciansService(deps: {
  musicians: MusiciansRepository;
  songs: SongsService;
}) {
  async function findOr404(slug: string) {
    const row = await deps.musicians.findBySlug(slug);
    if (!row) throw notFound(messages.musicianNotFound);
    return row;
  }

  return {
    async profile(slug: string): Promise<PublicMusician> {
      return toPublicMusician(await findOr404(slug));
    },

    async songs(slug: string): Promise<PublicSong[]> {
      const musician = await findOr404(slug);
      return deps.songs.listVisible(musician.id);
    },
  };
}
