import { create } from 'zustand';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { authApi } from './auth-api.ts';
import {
  readSession,
  SESSION_STORAGE_KEY,
  type StoredSession,
  writeSession,
} from './session-storage.ts';

interface AuthState {
  token: string | null;
  musician: Musician | null;
  /** Why the last session ended, shown once on the sign-in panel. */
  notice: string | null;
  signIn(session: StoredSession): void;
  setMusician(musician: Musician): void;
  /** Forgets the session locally, e.g. after the server answered 401. */
  endSession(notice?: string): void;
  logout(): Promise<void>;
  dismissNotice(): void;
}

const initial = readSession(localStorage);

export const useAuthStore = create<AuthState>()((set, get) => ({
  token: initial?.token ?? null,
  musician: initial?.musician ?? null,
  notice: null,

  signIn(session) {
    writeSession(localStorage, session);
    set({ ...session, notice: null });
  },

  setMusician(musician) {
    const { token, musician: held } = get();
    if (!token) return;
    // A replayed or late profile:updated must not undo a newer profile.
    if (held && Date.parse(held.updated_at) > Date.parse(musician.updated_at)) return;
    writeSession(localStorage, { token, musician });
    set({ musician });
  },

  endSession(notice) {
    writeSession(localStorage, null);
    set({ token: null, musician: null, notice: notice ?? null });
  },

  async logout() {
    try {
      await authApi.logout();
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

// Logging in or out in another tab applies here too.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
  const session = readSession(localStorage);
  useAuthStore.setState({ token: session?.token ?? null, musician: session?.musician ?? null });
});
