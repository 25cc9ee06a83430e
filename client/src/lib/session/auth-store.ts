import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { createPageStore, resetAllStores, runBeforeSignOut } from '#client/lib/store-reset.ts';
import { MessageResponse } from '#shared/schemas/common.ts';
import { api } from '#client/lib/api-client.ts';
import {
  readSession,
  SESSION_STORAGE_KEY,
  type SessionScope,
  type StoredSession,
  writeSession,
} from './session-storage.ts';

interface AuthState {
  token: string | null;
  musician: Musician | null;
  /** 'stage' on a paired stage device: it only works the queue on the On Stage screen. */
  scope: SessionScope;
  /** Why the last session ended, shown once on the sign-in panel. */
  notice: string | null;
  signIn(session: StoredSession): void;
  setMusician(musician: Musician): void;
  /** Forgets the session locally, e.g. after the server answered 401. */
  endSession(notice?: string): void;
  logout(): Promise<void>;
  dismissNotice(): void;
}

/**
 * The session itself, so a page store (kept through resetAllStores): signing in and out is what
 * empties the musician's stores. Starts signed out; initAuth() reads the stored session.
 */
export const useAuthStore = createPageStore<AuthState>((set, get) => ({
  token: null,
  musician: null,
  scope: 'musician',
  notice: null,

  signIn(session) {
    resetAllStores();
    writeSession(localStorage, session);
    set({ ...session, scope: session.scope ?? 'musician', notice: null });
  },

  setMusician(musician) {
    const { token, musician: held, scope } = get();
    if (!token) return;
    // A replayed or late profile:updated must not undo a newer profile.
    if (held && Date.parse(held.updated_at) > Date.parse(musician.updated_at)) return;
    writeSession(localStorage, { token, musician, scope });
    set({ musician });
  },

  endSession(notice) {
    resetAllStores();
    writeSession(localStorage, null);
    set({ token: null, musician: null, scope: 'musician', notice: notice ?? null });
  },

  async logout() {
    await runBeforeSignOut();
    try {
      await api.post('/auth/logout', MessageResponse);
    } catch {
      // The local session is forgotten anyway; a token the server still holds expires on its own.
    }
    get().endSession(messages.loggedOut);
  },

  dismissNotice() {
    set({ notice: null });
  },
}));

export const selectIsLoggedIn = (state: AuthState) => state.token !== null;
/** A paired stage device (not the musician's own sign-in). */
export const selectIsStageDevice = (state: AuthState) =>
  state.token !== null && state.scope === 'stage';

/** Restores the stored session and follows sign-ins and sign-outs in other tabs. */
export function initAuth(): void {
  const session = readSession(localStorage);
  useAuthStore.setState({
    token: session?.token ?? null,
    musician: session?.musician ?? null,
    scope: session?.scope ?? 'musician',
  });

  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const next = readSession(localStorage);
    // Another musician's session (or none): this tab's data is not theirs.
    if (next?.musician.id !== useAuthStore.getState().musician?.id) resetAllStores();
    useAuthStore.setState({
      token: next?.token ?? null,
      musician: next?.musician ?? null,
      scope: next?.scope ?? 'musician',
    });
  });
}
