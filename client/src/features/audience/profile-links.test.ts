import { describe, expect, it } from 'vitest';
import { makeMusician } from '#client-test/musician-factory.ts';
import { connectLinks, initialsOf, listenLinks } from './profile-links.ts';

describe('the musician’s links', () => {
  it('builds each network’s address from a handle, with or without its @', () => {
    const links = connectLinks(
      makeMusician({
        website: 'band.example.com',
        instagram_username: '@band',
        facebook_username: 'band.page',
        tiktok_username: 'band',
      }),
    );
    expect(links.map((link) => [link.platform, link.href])).toEqual([
      ['website', 'https://band.example.com/'],
      ['instagram', 'https://www.instagram.com/band'],
      ['facebook', 'https://www.facebook.com/band.page'],
      ['tiktok', 'https://www.tiktok.com/@band'],
    ]);
  });

  it('keeps a full Facebook address as it is', () => {
    const [facebook] = connectLinks(
      makeMusician({ facebook_username: 'https://facebook.com/groups/band' }),
    );
    expect(facebook?.href).toBe('https://facebook.com/groups/band');
  });

  it('never makes a script or a non-web link', () => {
    const musician = makeMusician({
      website: 'javascript:alert(1)',
      spotify_artist_url: 'data:text/html,hi',
      apple_music_artist_url: 'https://music.apple.com/artist/1',
    });
    expect(connectLinks(musician)).toEqual([]);
    expect(listenLinks(musician).map((link) => link.label)).toEqual(['Apple Music']);
  });

  it('offers nothing for empty fields', () => {
    expect([...connectLinks(makeMusician()), ...listenLinks(makeMusician())]).toEqual([]);
  });
});

describe('the avatar initials', () => {
  it('are the first letters of the first and last words', () => {
    expect(initialsOf('Ana Lima & The Night Owls')).toBe('AO');
    expect(initialsOf('  cher ')).toBe('C');
    expect(initialsOf('🎸 Band')).toBe('🎸B');
    expect(initialsOf('')).toBe('');
  });
});
