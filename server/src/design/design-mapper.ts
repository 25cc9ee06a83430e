import { DEFAULT_DESIGN } from '#shared/audience-constants.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { DesignSettings as DesignSettingsRow } from '#server/db/tables.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';

export type DesignRow = DesignSettingsRow;

/** The saved design, or spec section 3's defaults when none was saved, with the page's name and bio. */
export function toDesignSettings(
  row: DesignRow | undefined,
  musician: Pick<MusicianRow, 'name' | 'bio'>,
): DesignSettings {
  const design = row
    ? {
        color_scheme: row.colorScheme,
        layout_mode: row.layoutMode,
        artist_photo: row.artistPhoto,
        banner_image: row.bannerImage,
        show_year: row.showYear,
        show_notes: row.showNotes,
        allow_song_suggestions: row.allowSongSuggestions,
      }
    : DEFAULT_DESIGN;
  return { ...design, musician_name: musician.name, bio: musician.bio };
}
