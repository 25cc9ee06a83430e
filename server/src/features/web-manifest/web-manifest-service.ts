import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { notFound } from '#server/http/errors.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import type { WebManifest } from './web-manifest-schema.ts';

/**
 * The app's colours and icons, as client/public/manifest.webmanifest (the musician's app) has
 * them: the page background of client/src/app/styles/base.css, the pages' theme-color meta, and
 * the PNGs scripts/make-icons.ts draws. A test checks the two manifests agree.
 */
export const MANIFEST_LOOK = {
  background_color: '#140c26',
  theme_color: '#1a1030',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
} satisfies Pick<WebManifest, 'background_color' | 'theme_color' | 'icons'>;

/** What the route answers: the manifest, or the musician's current slug for an old one. */
export type AudienceManifestAnswer = { manifest: WebManifest } | { movedTo: string };

/**
 * The audience page's manifest: each musician's page installs as an app of its own, named after
 * them, opening on their page and staying within it.
 */
export function audienceManifest(musician: Pick<MusicianRow, 'name' | 'slug'>): WebManifest {
  const page = `/musician/${encodeURIComponent(musician.slug)}`;
  const name = musician.name.trim() || messages.webManifestAppName;
  return {
    id: page,
    name,
    description: fill(messages.webManifestAudienceDescription, { name }),
    start_url: page,
    // No trailing slash: a scope of "/musician/x/" would leave the start address out of it.
    scope: page,
    display: 'standalone',
    lang: 'en',
    ...MANIFEST_LOOK,
  };
}

/**
 * The venue screen's manifest (issue 22 §5): installed on the venue's TV or a laptop on the
 * projector, it opens full screen on that musician's screen.
 */
export function venueScreenManifest(musician: Pick<MusicianRow, 'name' | 'slug'>): WebManifest {
  const page = `/screen/${encodeURIComponent(musician.slug)}`;
  const name = musician.name.trim() || messages.webManifestAppName;
  return {
    id: page,
    name: `${name}: venue screen`,
    description: fill(messages.webManifestAudienceDescription, { name }),
    start_url: page,
    scope: page,
    display: 'fullscreen',
    lang: 'en',
    ...MANIFEST_LOOK,
  };
}

export function webManifestService(deps: { musicians: MusiciansRepository }) {
  return {
    /** For GET /api/musicians/{slug}/screen.webmanifest; 404 for a slug nobody uses. */
    async forVenueScreen(slug: string): Promise<WebManifest> {
      const musician = await deps.musicians.findBySlug(slug);
      if (!musician) throw notFound(messages.musicianNotFound);
      return venueScreenManifest(musician);
    },

    /** For GET /api/musicians/{slug}/manifest.webmanifest; 404 for a slug nobody uses. */
    async forAudiencePage(slug: string): Promise<AudienceManifestAnswer> {
      const musician = await deps.musicians.findBySlug(slug);
      if (musician) return { manifest: audienceManifest(musician) };
      // An app installed before a slug change asks under the old slug.
      const current = await deps.musicians.currentSlugFor(slug);
      if (current) return { movedTo: current };
      throw notFound(messages.musicianNotFound);
    },
  };
}

export type WebManifestService = ReturnType<typeof webManifestService>;
