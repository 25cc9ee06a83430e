import { messages } from '#shared/messages.ts';
import type { StarterPackResponse } from '#shared/schemas/song-import.ts';
import type { SongImporter } from '#server/catalogue/song-importer.ts';
import { demoCsv } from './demo-csv.ts';
import type { CatalogueSong } from '#server/catalogue/starter-catalogue.ts';

interface Deps {
  catalogue: readonly CatalogueSong[];
  songImport: SongImporter;
}

export function starterPackService({ catalogue, songImport }: Deps) {
  const csv = demoCsv(catalogue);
  return {
    demoCsv: () => csv,

    /** Adds the whole starter catalogue; songs the musician already has are skipped. */
    async addStarterPack(musicianId: string): Promise<StarterPackResponse> {
      const result = await songImport.importSongs(
        musicianId,
        catalogue.map((song) => ({ ...song, genres: [...song.genres], moods: [...song.moods] })),
      );
      return {
        songs_added: result.songs_added,
        skipped: result.skipped,
        // "Already added" only when every song was a duplicate, not when the list is full.
        message:
          result.songs_added > 0 || result.skipped < catalogue.length
            ? result.message
            : messages.starterPackAlreadyAdded,
      };
    },
  };
}

export type StarterPackService = ReturnType<typeof starterPackService>;
