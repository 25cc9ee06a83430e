import type { PublicMusician } from '#shared/schemas/musician.ts';

export interface ProfileLink {
  /** Tracked as the click's platform. */
  platform: string;
  label: string;
  href: string;
}

/** Only web addresses: a profile field must never become a javascript: link. */
function webUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A handle typed with or without its @, as a path segment. */
const handle = (text: string) => encodeURIComponent(text.trim().replace(/^@/, ''));

function link(platform: string, label: string, href: string | null): ProfileLink[] {
  return href ? [{ platform, label, href }] : [];
}

/** Website, Instagram, Facebook (a name or a full address) and TikTok. */
export function connectLinks(musician: PublicMusician): ProfileLink[] {
  const { website, instagram_username: ig, facebook_username: fb, tiktok_username: tt } = musician;
  const facebook = /^(https?:\/\/|www\.|facebook\.com|fb\.com)/i.test(fb.trim())
    ? webUrl(fb)
    : fb.trim() && `https://www.facebook.com/${handle(fb)}`;
  return [
    ...link('website', 'Website', webUrl(website)),
    ...link('instagram', 'Instagram', ig.trim() && `https://www.instagram.com/${handle(ig)}`),
    ...link('facebook', 'Facebook', facebook || null),
    ...link('tiktok', 'TikTok', tt.trim() && `https://www.tiktok.com/@${handle(tt)}`),
  ];
}

/** Spotify and Apple Music artist pages. */
export function listenLinks(musician: PublicMusician): ProfileLink[] {
  return [
    ...link('spotify', 'Spotify', webUrl(musician.spotify_artist_url)),
    ...link('apple_music', 'Apple Music', webUrl(musician.apple_music_artist_url)),
  ];
}

/** "Ana Lima" -> "AL": the avatar when there is no photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => [...(word ?? '')][0] ?? '')
    .join('')
    .toUpperCase();
}
