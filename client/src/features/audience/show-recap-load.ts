import { ApiError } from '#client/lib/api-fetch.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { ShowRecap } from '#shared/schemas/show-recap.ts';
import { audienceApi } from './audience-api.ts';

export type RecapView =
  | { view: 'loading' }
  | { view: 'ready'; recap: ShowRecap; design: DesignSettings | null }
  | { view: 'not-shared' }
  | { view: 'failed' };

/**
 * A show's setlist and its musician's page design (colours, photo): the setlist decides, the
 * design only dresses it (the page's own colours when it cannot be read).
 */
export async function loadRecap(slug: string, showId: string): Promise<RecapView> {
  const design = audienceApi.design(slug).catch(() => null);
  try {
    const recap = await audienceApi.showRecap(slug, showId);
    return { view: 'ready', recap, design: await design };
  } catch (error) {
    // Not shared, not over, nothing played, or no such show or musician: one answer for all.
    if (error instanceof ApiError && error.status === 404) return { view: 'not-shared' };
    return { view: 'failed' };
  }
}
