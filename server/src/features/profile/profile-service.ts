import { messages } from '#shared/messages.ts';
import {
  SlugField,
  type Musician,
  type ProfileUpdateBody,
  type SlugAvailabilityResponse,
} from '#shared/schemas/musician.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { toMusician } from '#server/musicians/musician-mapper.ts';
import type {
  MusicianChanges,
  MusiciansRepository,
} from '#server/musicians/musicians-repository.ts';

/** API field -> column, for every field PUT /profile may change. */
const COLUMNS = {
  name: 'name',
  slug: 'slug',
  bio: 'bio',
  website: 'website',
  venmo_link: 'venmoLink',
  paypal_username: 'paypalUsername',
  venmo_username: 'venmoUsername',
  cash_app_username: 'cashAppUsername',
  zelle_email: 'zelleEmail',
  zelle_phone: 'zellePhone',
  instagram_username: 'instagramUsername',
  facebook_username: 'facebookUsername',
  tiktok_username: 'tiktokUsername',
  spotify_artist_url: 'spotifyArtistUrl',
  apple_music_artist_url: 'appleMusicArtistUrl',
  venmo_enabled: 'venmoEnabled',
  paypal_enabled: 'paypalEnabled',
  cash_app_enabled: 'cashAppEnabled',
  zelle_enabled: 'zelleEnabled',
  tips_enabled: 'tipsEnabled',
  requests_enabled: 'requestsEnabled',
  repeat_rule: 'repeatRule',
  repeat_hours: 'repeatHours',
} as const satisfies Record<keyof ProfileUpdateBody, keyof MusicianChanges>;

function toChanges(body: ProfileUpdateBody): MusicianChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = body[field as keyof ProfileUpdateBody];
    if (value !== undefined) changes[column] = value;
  }
  return changes as MusicianChanges;
}

interface Deps {
  musicians: MusiciansRepository;
  events: DomainEvents;
}

export function profileService({ musicians, events }: Deps) {
  return {
    /** The musician's current slug (the name of their public room), or undefined when gone. */
    async slugOf(musicianId: string): Promise<string | undefined> {
      return musicians.slugOf(musicianId);
    },

    async get(musicianId: string): Promise<Musician> {
      const row = await musicians.findById(musicianId);
      if (!row) throw notFound(messages.musicianNotFound);
      return toMusician(row);
    },

    async update(musicianId: string, body: ProfileUpdateBody): Promise<Musician> {
      try {
        const updated = await musicians.update(musicianId, toChanges(body));
        if (!updated) throw notFound(messages.musicianNotFound);
        const musician = toMusician(updated.row);
        // Audience pages still open under the old slug must hear of the new one.
        events.publish({
          musicianId,
          name: 'profile:updated',
          payload: musician,
          ...(updated.previousSlug ? { previousSlug: updated.previousSlug } : {}),
        });
        return musician;
      } catch (error) {
        if (isUniqueViolation(error, 'musicians_slug_key')) throw conflict(messages.slugTaken);
        throw error;
      }
    },

    /** The slug field's live check: the same rules PUT /profile applies, without saving. */
    async slugAvailability(musicianId: string, typed: string): Promise<SlugAvailabilityResponse> {
      const parsed = SlugField.safeParse(typed);
      const slug = typed.trim().toLowerCase();
      if (!parsed.success) return { available: false, slug, message: messages.slugInvalid };
      const musician = await musicians.findById(musicianId);
      if (musician?.slug === parsed.data) {
        return { available: true, slug: parsed.data, message: messages.slugCurrent };
      }
      const taken = await musicians.slugTakenByOther(parsed.data, musicianId);
      return {
        available: !taken,
        slug: parsed.data,
        message: taken ? messages.slugTaken : messages.slugAvailable,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
