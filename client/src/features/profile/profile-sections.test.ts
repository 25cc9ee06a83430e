import { describe, expect, it } from 'vitest';
import { profileSectionFromQuery, sectionOfFirstError } from './profile-sections.ts';

describe('profile sections', () => {
  it('reads ?section=, falling back to the audience link', () => {
    expect(profileSectionFromQuery('payments')).toBe('payments');
    expect(profileSectionFromQuery('nope')).toBe('link');
    expect(profileSectionFromQuery(null)).toBe('link');
  });

  it('sends a failed save to the first section, in nav order, holding an error', () => {
    expect(sectionOfFirstError({ repeat_hours: 'x', zelle_email: 'y' })).toBe('payments');
    expect(sectionOfFirstError({ spotify_artist_url: 'x' })).toBe('links');
    expect(sectionOfFirstError({ name: undefined })).toBeNull();
  });
});
