import { createPageStore } from '#client/lib/store-reset.ts';
import { ApiError } from '#client/lib/api-fetch.ts';
import { pushMarks } from '#client/lib/push-marks.ts';
import { DEFAULT_DESIGN } from '#shared/audience-constants.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { PublicPlaylist } from '#shared/schemas/playlist.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import type { PageChange } from '#shared/realtime.ts';
import { audienceApi } from './audience-api.ts';
import { moveToSlug } from './audience-location.ts';

export type PageView = 'loading' | 'ready' | 'paused' | 'not-found' | 'failed';

interface AudienceState {
  slug: string;
  view: PageView;
  /** The server's words for a paused page; '' when it gave none. */
  pausedMessage: string;
  musician: PublicMusician | null;
  design: DesignSettings;
  songs: PublicSong[];
  /** The playlist chosen in the filters panel; '' is the page's own (the active one). */
  playlist: string;
  /** The public playlists, loaded when the filters panel first opens. */
  playlists: PublicPlaylist[] | null;
  load(slug: string): Promise<void>;
  choosePlaylist(playlist: string): Promise<void>;
  loadPlaylists(): Promise<void>;
  /** Songs (and playlists, if shown) again, keeping what the person chose. */
  /** `version`: the `songs` push's, when it caused the reload (audience-api.ts). */
  reloadSongs(version?: string): Promise<void>;
  /** Everything again, quietly (after a disconnection that may have missed changes). */
  refresh(): Promise<void>;
  /** The profile again (requests or tips turned off between the page load and going live). */
  refreshProfile(): Promise<void>;
  applyPageChange(change: PageChange): void;
}

/** Spec section 3's defaults, until the musician saves a design (or while it cannot load). */
function defaultDesign(musician: PublicMusician): DesignSettings {
  return { ...DEFAULT_DESIGN, musician_name: musician.name, bio: musician.bio };
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Refetches of the profile or design that a push overtook are dropped (push-marks.ts). */
const pushed = pushMarks<'profile' | 'design'>();

export const useAudienceStore = createPageStore<AudienceState>((set, get) => ({
  slug: '',
  view: 'loading',
  pausedMessage: '',
  musician: null,
  design: { ...DEFAULT_DESIGN, musician_name: '', bio: '' },
  songs: [],
  playlist: '',
  playlists: null,

  async load(slug) {
    set({ slug, view: 'loading', playlist: '', playlists: null });
    const [musician, songs, design, access] = await Promise.allSettled([
      audienceApi.musician(slug),
      audienceApi.songs(slug),
      audienceApi.design(slug),
      audienceApi.accessCheck(slug),
    ]);
    if (get().slug !== slug) return;
    if (musician.status === 'rejected') {
      set({ view: isNotFound(musician.reason) ? 'not-found' : 'failed' });
      return;
    }
    // A failed check does not keep the audience out; only an answer saying so does.
    if (access.status === 'fulfilled' && !access.value.access_granted) {
      // No message of its own: PausedPage says the spec's sentence in the reader's language.
      set({ view: 'paused', pausedMessage: access.value.message });
      return;
    }
    if (songs.status === 'rejected') {
      set({ view: 'failed' });
      return;
    }
    set({
      view: 'ready',
      musician: musician.value,
      songs: songs.value,
      design: design.status === 'fulfilled' ? design.value : defaultDesign(musician.value),
    });
  },

  async choosePlaylist(playlist) {
    set({ playlist });
    await get().reloadSongs();
  },

  async loadPlaylists() {
    const { slug } = get();
    let playlists: PublicPlaylist[] = [];
    try {
      playlists = await audienceApi.playlists(slug);
    } catch {
      // A 403 on the playlists is silently ignored (spec section 6): no playlist select.
    }
    if (get().slug === slug) set({ playlists });
  },

  async reloadSongs(version) {
    const { slug, playlist, playlists } = get();
    // Which playlist is active may be what changed: the choices follow.
    if (playlists) void get().loadPlaylists();
    try {
      const songs = await audienceApi.songs(slug, playlist || undefined, version);
      if (get().slug === slug && get().playlist === playlist) set({ songs });
    } catch (error) {
      // The playlist went private or away, or All Songs while one is now active: back to the
      // page's own list.
      if (isNotFound(error) && playlist) await get().choosePlaylist('');
      else console.warn('songs could not be reloaded', error);
    }
  },

  async refresh() {
    const { slug } = get();
    const profileIsNews = pushed.since('profile');
    const designIsNews = pushed.since('design');
    const [musician, design] = await Promise.allSettled([
      audienceApi.musician(slug),
      audienceApi.design(slug),
    ]);
    if (get().slug !== slug) return;
    if (musician.status === 'fulfilled' && profileIsNews()) set({ musician: musician.value });
    if (design.status === 'fulfilled' && designIsNews()) set({ design: design.value });
    await get().reloadSongs();
  },

  async refreshProfile() {
    const { slug } = get();
    const isNews = pushed.since('profile');
    try {
      const musician = await audienceApi.musician(slug);
      if (get().slug === slug && isNews()) set({ musician });
    } catch {
      // The page keeps what it has; the socket brings the next change.
    }
  },

  applyPageChange(change) {
    switch (change.kind) {
      case 'profile': {
        pushed.pushed('profile');
        const { slug } = change.musician;
        if (slug !== get().slug) {
          moveToSlug(slug);
          set({ slug });
        }
        set({ musician: change.musician });
        return;
      }
      case 'design':
        pushed.pushed('design');
        set({ design: change.design });
        return;
      case 'songs':
        void get().reloadSongs(change.version);
        return;
    }
  },
}));
