import { z } from 'zod';
import { Musician } from '#shared/schemas/musician.ts';

export const SESSION_STORAGE_KEY = 'song-requests.session';

/** 'stage': a paired stage device, which only works the queue on the On Stage screen. */
export const SessionScope = z.enum(['musician', 'stage']);
export type SessionScope = z.infer<typeof SessionScope>;

/** Sessions stored before scopes existed have none: they are the musician's own. */
const StoredSession = z.object({
  token: z.string().min(1),
  musician: Musician,
  scope: SessionScope.optional(),
});
export type StoredSession = z.infer<typeof StoredSession>;

/** A stored session that no longer matches the schema (older build, hand edits) is dropped. */
export function readSession(storage: Pick<Storage, 'getItem'>): StoredSession | null {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = StoredSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  session: StoredSession | null,
): void {
  try {
    if (session) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private browsing may refuse storage: the session then lasts until the tab closes.
  }
}
