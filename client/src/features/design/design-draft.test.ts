import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '#shared/audience-constants.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import { draftFrom, isDirty, updateBody } from './design-draft.ts';

const saved: DesignSettings = {
  ...DEFAULT_DESIGN,
  artist_photo: '/api/images/00000000-0000-4000-8000-000000000001.webp',
  musician_name: 'Band',
  bio: '',
};

describe('design draft', () => {
  it('sends the settings but not an unchanged image', () => {
    const body = updateBody({ ...draftFrom(saved, true), color_scheme: 'red' }, saved);
    expect(body).toEqual({
      color_scheme: 'red',
      layout_mode: 'grid',
      show_year: true,
      show_notes: true,
      allow_song_suggestions: true,
    });
  });

  it('sends a new image as its data URL and a removed one as null', () => {
    const draft = {
      ...draftFrom(saved, true),
      artist_photo: null,
      banner_image: 'data:image/png;base64,AA==',
    };
    expect(updateBody(draft, saved)).toMatchObject({
      artist_photo: null,
      banner_image: 'data:image/png;base64,AA==',
    });
  });

  it('is dirty after any change, the tips flag included', () => {
    expect(isDirty(draftFrom(saved, true), saved, true)).toBe(false);
    expect(isDirty({ ...draftFrom(saved, true), tips_enabled: false }, saved, true)).toBe(true);
    expect(isDirty({ ...draftFrom(saved, true), layout_mode: 'list' }, saved, true)).toBe(true);
  });
});
