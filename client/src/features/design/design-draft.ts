import type { DesignSettings, DesignSettingsUpdateBody } from '#shared/schemas/audience.ts';

/** What the Design tab edits: the design, plus the profile's tips flag it also shows. */
export type DesignDraft = Omit<DesignSettings, 'musician_name' | 'bio'> & {
  tips_enabled: boolean;
};

export function draftFrom(design: DesignSettings, tipsEnabled: boolean): DesignDraft {
  const { musician_name: _name, bio: _bio, ...rest } = design;
  return { ...rest, tips_enabled: tipsEnabled };
}

/**
 * The PUT body for a draft: every setting, and an image only when it changed (a new data URL,
 * or null to remove it), so an unchanged photo is never uploaded again.
 */
export function updateBody(draft: DesignDraft, saved: DesignSettings): DesignSettingsUpdateBody {
  const body: DesignSettingsUpdateBody = {
    color_scheme: draft.color_scheme,
    layout_mode: draft.layout_mode,
    show_year: draft.show_year,
    show_notes: draft.show_notes,
    allow_song_suggestions: draft.allow_song_suggestions,
  };
  if (draft.artist_photo !== saved.artist_photo) body.artist_photo = draft.artist_photo;
  if (draft.banner_image !== saved.banner_image) body.banner_image = draft.banner_image;
  return body;
}

export function isDirty(draft: DesignDraft, saved: DesignSettings, tipsEnabled: boolean): boolean {
  const base = draftFrom(saved, tipsEnabled);
  return (Object.keys(base) as Array<keyof DesignDraft>).some((key) => base[key] !== draft[key]);
}
