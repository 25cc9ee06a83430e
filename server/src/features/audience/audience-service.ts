import { messages } from '#shared/messages.ts';
import type {
  AccessCheckResponse,
  DesignSettings,
  TipLinksResponse,
} from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import type { PublicPlaylist } from '#shared/schemas/playlist.ts';
import {
  ALL_SONGS_PLAYLIST_ID,
  NO_VALUE_FILTER,
  type FilterOptions,
  type PublicSong,
  type PublicSongsQuery,
} from '#shared/schemas/song.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import { toDesignSettings } from '#server/design/design-mapper.ts';
import type { DesignRepository } from '#server/design/design-repository.ts';
import { foldAccents, type AudienceSongFilters } from '#server/catalogue/audience-song-filters.ts';
import { toPublicMusician, type MusicianRow } from '#server/musicians/musician-mapper.ts';
import { systemClock, type Clock } from '#server/musicians/request-window.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import type { SongState, SongStatesRepository } from './song-states-repository.ts';
import type { ShowRecapRepository } from './show-recap-repository.ts';
import type { ShowRecap } from '#shared/schemas/show-recap.ts';
import { takesTips, tipLinks } from '#server/musicians/tip-providers.ts';

/** The songs feature's audience reads (songs-service.ts), injected by services.ts. */
interface AudienceSongs {
  listForAudience(musicianId: string, filters: AudienceSongFilters): Promise<PublicSong[]>;
  filterOptions(musicianId: string, playlistId?: string): Promise<FilterOptions>;
}

/** The playlists feature's public reads (playlists-repository.ts), injected by services.ts. */
interface AudiencePlaylists {
  listPublic(
    musicianId: string,
  ): Promise<{ id: string; name: string; isActive: boolean; songCount: number }[]>;
  findActiveId(musicianId: string): Promise<string | undefined>;
  isPublic(musicianId: string, playlistId: string): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the audience page may read about a musician, found by the slug in its link. */
export function audienceService(deps: {
  musicians: MusiciansRepository;
  songs: AudienceSongs;
  playlists: AudiencePlaylists;
  design: Pick<DesignRepository, 'find'>;
  /** The moment the request window is read at; tests hand in their own. */
  clock?: Clock;
  songStates: SongStatesRepository;
  recaps: ShowRecapRepository;
  /** Whether this server has Stripe keys (no musician takes cards without them). */
  cardsOnServer?: boolean;
}) {
  async function findOr404(slug: string) {
    const row = await deps.musicians.findBySlug(slug);
    if (!row) throw notFound(messages.musicianNotFound);
    return row;
  }

  /**
   * Which playlist the song list follows: none asked means the active one (or all songs when
   * none is active); all_songs means every song, only while no playlist is active (the active
   * playlist limits what the audience may request); an id must be one of the musician's public
   * playlists, else 404 (a private playlist is not the audience's to see).
   */
  async function playlistToShow(musicianId: string, asked: string | undefined) {
    if (asked === undefined) return deps.playlists.findActiveId(musicianId);
    if (asked === ALL_SONGS_PLAYLIST_ID) {
      if (await deps.playlists.findActiveId(musicianId)) throw notFound(messages.playlistNotFound);
      return undefined;
    }
    if (!UUID.test(asked) || !(await deps.playlists.isPublic(musicianId, asked))) {
      throw notFound(messages.playlistNotFound);
    }
    return asked;
  }

  async function songsOf(musician: MusicianRow, query: PublicSongsQuery): Promise<PublicSong[]> {
    const filters: AudienceSongFilters = {
      playlistId: await playlistToShow(musician.id, query.playlist),
      search: query.search && foldAccents(query.search),
      genre: noneAsNull(query.genre),
      mood: noneAsNull(query.mood),
      year: mapFilter(query.year, Number),
      decadeStart: mapFilter(query.decade, (decade) => Number(decade.slice(0, 4))),
    };
    if (musician.repeatRule === 'allow') return deps.songs.listForAudience(musician.id, filters);
    const [songs, states] = await Promise.all([
      deps.songs.listForAudience(musician.id, filters),
      deps.songStates.forMusician(musician.id),
    ]);
    return songs.map((song) => withState(song, states.get(song.id)));
  }

  /**
   * Whether the page takes visitors. Free mode: every musician has the pro plan, so the link is
   * always active. A subscription check goes here, answering messages.pagePaused when denied.
   */
  function accessFor(_musician: MusicianRow): AccessCheckResponse {
    return { access_granted: true, message: '' };
  }

  return {
    /** The current slug of the musician who used this one before, for redirects of old links. */
    async movedTo(oldSlug: string): Promise<string | undefined> {
      return deps.musicians.currentSlugFor(oldSlug.trim().toLowerCase());
    },

    async accessCheck(slug: string): Promise<AccessCheckResponse> {
      return accessFor(await findOr404(slug));
    },

    /** For the audience socket's page:follow: does this slug name a musician? */
    async pageExists(slug: string): Promise<boolean> {
      return Boolean(await deps.musicians.findBySlug(slug));
    },

    async design(slug: string): Promise<DesignSettings> {
      const musician = await findOr404(slug);
      return toDesignSettings(await deps.design.find(musician.id), musician);
    },

    async tipLinks(slug: string, amount: number, message: string): Promise<TipLinksResponse> {
      const musician = await findOr404(slug);
      if (!takesTips(musician)) throw badRequest(messages.tipNoPaymentMethods);
      return tipLinks(musician, amount, message);
    },

    /**
     * A show's recap: only while the musician publishes recaps, only of one of their shows, once
     * it has ended (a running night is the queue's), and only with something played. Any other
     * case is the same 404, so an answer tells nothing about a show that is not shown.
     */
    async recap(slug: string, showId: string): Promise<ShowRecap> {
      const musician = await findOr404(slug);
      const notShown = () => notFound(messages.showRecapNotFound);
      if (!musician.showRecaps || !UUID.test(showId)) throw notShown();
      const show = await deps.recaps.show(musician.id, showId);
      if (!show || show.status === 'active') throw notShown();
      const songs = await deps.recaps.played(musician.id, showId);
      if (songs.length === 0) throw notShown();
      const now = (deps.clock ?? systemClock)();
      return {
        musician: toPublicMusician(musician, now, deps.cardsOnServer ?? false),
        show: {
          name: show.name,
          venue_name: show.venueName,
          performed_on: show.performedOn,
          started_at: show.date.toISOString(),
        },
        songs: songs.map((song) => ({
          title: song.songTitle,
          artist: song.songArtist,
          played_at: song.playedAt.toISOString(),
        })),
      };
    },

    async profile(slug: string): Promise<PublicMusician> {
      const now = (deps.clock ?? systemClock)();
      return toPublicMusician(await findOr404(slug), now, deps.cardsOnServer ?? false);
    },

    /** The page's song list, and whose it is (the routes' cache forgets it by musician). */
    async songs(
      slug: string,
      query: PublicSongsQuery,
    ): Promise<{ musicianId: string; songs: PublicSong[] }> {
      const musician = await findOr404(slug);
      return { musicianId: musician.id, songs: await songsOf(musician, query) };
    },

    async playlists(slug: string): Promise<PublicPlaylist[]> {
      const musician = await findOr404(slug);
      const rows = await deps.playlists.listPublic(musician.id);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        song_count: row.songCount,
        is_active: row.isActive,
      }));
    },

    async filters(slug: string): Promise<FilterOptions> {
      const musician = await findOr404(slug);
      // The values of the list the page shows by default: the active playlist's, if any.
      return deps.songs.filterOptions(musician.id, await deps.playlists.findActiveId(musician.id));
    },
  };
}

/** A song as the no-repeats rule shows it: "Coming up" first, else when it was played. */
function withState(song: PublicSong, state: SongState | undefined): PublicSong {
  if (state?.comingUp) return { ...song, coming_up: true };
  if (state?.playedAt) return { ...song, played_at: state.playedAt.toISOString() };
  return song;
}

/** 'none' asks for songs without a value: null; absent means no filter: undefined. */
function noneAsNull(value: string | undefined): string | null | undefined {
  return value === NO_VALUE_FILTER ? null : value;
}

function mapFilter<T>(
  value: string | undefined,
  parse: (value: string) => T,
): T | null | undefined {
  if (value === undefined) return undefined;
  return value === NO_VALUE_FILTER ? null : parse(value);
}
