import { z } from 'zod';
import { Musician } from '#shared/schemas/musician.ts';

export const SESSION_STORAGE_KEY = 'song-requests.session';

const StoredSession = z.object({ token: z.string().min(1), musician: Musician });
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
