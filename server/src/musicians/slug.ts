import { SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from '#shared/limits.ts';

/** "Beyoncé & The Band!" -> "beyonce-the-band": the audience link's last part. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH - 6) // room for a "-12345" suffix
    .replace(/-+$/, '');
  return slug.length >= SLUG_MIN_LENGTH ? slug : `musician${slug ? `-${slug}` : ''}`;
}

/** The base itself if free, else base-2, base-3, ... given the slugs already taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a text can be a slug at all; anything else (a NUL byte, a space) names no one. */
export function isSlugShaped(text: string): boolean {
  return text.length <= SLUG_MAX_LENGTH && SLUG_SHAPE.test(text);
}
