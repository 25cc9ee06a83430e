import { z } from 'zod';
import { PublicMusician, SlugParams } from './musician.ts';

/**
 * A show's recap, public once the show has ended when its musician publishes recaps
 * (`show_recaps`): what was played that night, in order, with the musician's public profile (its
 * tip and follow links). Nothing about who asked: no names, emails or dedications.
 * GET /musicians/{slug}/shows/{show_id}/recap.
 */
export const ShowRecap = z.object({
  musician: PublicMusician,
  show: z.object({
    name: z.string(),
    venue_name: z.string(),
    /** The day as the musician states it (YYYY-MM-DD), or null. */
    performed_on: z.string().nullable(),
    /** When the show started. */
    started_at: z.string(),
  }),
  songs: z.array(
    z.object({
      title: z.string(),
      artist: z.string(),
      played_at: z.string(),
    }),
  ),
});
export type ShowRecap = z.infer<typeof ShowRecap>;

/** Any text: an id that is not a show's is simply not found (404). */
export const ShowRecapParams = SlugParams.extend({ show_id: z.string() });
