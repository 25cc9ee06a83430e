import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '#server/config.ts';
import type { BlockedRequester } from '#shared/schemas/blocked-requester.ts';
import type { Playlist } from '#shared/schemas/playlist.ts';
import type { CreatedRequest } from '#shared/schemas/request.ts';
import type { Show } from '#shared/schemas/show.ts';
import type { Song } from '#shared/schemas/song.ts';
import {
  createPlaylist,
  createSong,
  paymentApps,
  registerMusician,
  sendTip,
  startShow,
  submitRequest,
  submitSuggestion,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startStubServer } from '#server-test/helpers/stub-http-server.ts';
import {
  pairStageDevice,
  type PairedStageDevice,
} from '#server-test/features/stage-devices/pair-stage-device.ts';
import { parsePushServiceOrigin } from '#server/features/push-notifications/push-service-origins.ts';

/** One API route as the real app registered it: what the fuzzer and the access matrix walk. */
export interface RouteEntry {
  method: string;
  /** The full path with its `:param` parts, e.g. /api/songs/:id. */
  url: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** The route's own body limit in bytes, when it sets one (the app's is 1 MB). */
  bodyLimit?: number;
  /** Names of the guards the route runs (requireMusician, requireQueueAccess, allowStageWhen). */
  guards: string[];
}

const recorded: RouteEntry[] = [];

function hookNames(hooks: unknown): string[] {
  const list = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  return list.map((hook) => (typeof hook === 'function' ? hook.name : '')).filter(Boolean);
}

function record(route: RouteOptions) {
  const schema = (route.schema ?? {}) as Record<string, z.ZodType | undefined>;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    recorded.push({
      method,
      url: route.url,
      body: schema.body,
      querystring: schema.querystring,
      params: schema.params,
      bodyLimit: route.bodyLimit,
      guards: [...hookNames(route.onRequest), ...hookNames(route.preHandler)],
    });
  }
}

type FastifyModule = { default: (...args: unknown[]) => FastifyInstance };

/**
 * The fastify module with its factory wrapped so every app it builds reports each route it adds
 * (an `onRoute` hook installed before any plugin registers). Tests use it through
 * `vi.mock('fastify', ...)`: the route table then comes from the real app, with the very zod
 * schemas its routes validate with, and a route added later is fuzzed without touching a test.
 */
export function recordingFastify<T extends FastifyModule>(original: T): T {
  const factory = (...args: unknown[]) => {
    const app = original.default(...args);
    app.addHook('onRoute', record);
    return app;
  };
  Object.assign(factory, original.default);
  return { ...original, default: factory, fastify: factory };
}

const GUARDS = ['requireMusician', 'requireQueueAccess', 'allowStageWhen'];

/**
 * The guards of every route as the app runs them, plugin-wide hooks included (a route's own
 * options only show the hooks written on it): read from the printed route table, a tree of path
 * parts, each level indented by four characters.
 */
export function guardsByRoute(app: FastifyInstance): Map<string, string[]> {
  const guards = new Map<string, string[]>();
  const parts: string[] = [];
  let current: string[] = [];
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    // A part need not start with a slash: /api/feed and /api/feed-tokens share the node /api/feed.
    const route = /^([│├└─ ]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (route) {
      parts.length = route[1]!.length / 4 - 1;
      parts.push(route[2]!);
      const url = parts.join('');
      current = route[3]!.split(', ').map((method) => `${method} ${url}`);
      continue;
    }
    const hooks = /• \((?:onRequest|preHandler)\) \[(.*)\]$/.exec(line)?.[1] ?? '';
    for (const guard of GUARDS.filter((name) => hooks.includes(`"${name}()"`))) {
      for (const key of current) guards.set(key, [...(guards.get(key) ?? []), guard]);
    }
  }
  return guards;
}

/**
 * The API routes of the app: HEAD mirrors GET and is left out, as is the catch-all of the client
 * plugin. Each carries the guards the app runs for it.
 */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  const guards = guardsByRoute(app);
  const seen = new Set<string>();
  return recorded
    .filter((route) => {
      const key = `${route.method} ${route.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return route.method !== 'HEAD' && route.url.startsWith('/api/');
    })
    .map((route) => ({
      ...route,
      guards: [
        ...new Set([...route.guards, ...(guards.get(`${route.method} ${route.url}`) ?? [])]),
      ],
    }));
}

/** Routes only a signed-in musician (or their stage device) may call. */
export function isGuarded(route: RouteEntry): boolean {
  return route.guards.some((name) => GUARDS.includes(name));
}

/** The ids of one musician's things, by the path part a route names them under. */
export interface OwnedThings {
  musician: TestMusician;
  song: Song;
  playlist: Playlist;
  show: Show;
  request: CreatedRequest;
  suggestion: { id: string };
  stageDevice: PairedStageDevice;
  /** A requester the musician blocked (from a request of their own, on a song of its own). */
  blockedRequester: BlockedRequester;
  /** A token of the live feed (features/feed). */
  feedToken: { id: string };
  /** A payment-app tip on the request, only claimed. */
  tip: { id: string };
}

async function makeFeedToken(app: FastifyInstance, musician: TestMusician) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/feed-tokens',
    headers: musician.auth,
    payload: { name: 'Stream' },
  });
  if (res.statusCode !== 201) throw new Error(`feed token failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>();
}

/** Blocks the requester of a request on a second song, so the main request stays shown. */
async function blockSomeone(app: FastifyInstance, musician: TestMusician) {
  const slug = musician.musician.slug;
  const song = await createSong(app, musician, { title: `Other song of ${slug}` });
  const request = await submitRequest(app, song, {
    requester_email: `blocked-by-${slug}@example.com`,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/blocked-requesters',
    headers: musician.auth,
    payload: { request_id: request.id },
  });
  if (res.statusCode !== 201) throw new Error(`block failed: ${res.statusCode} ${res.body}`);
  return res.json<BlockedRequester>();
}

/** A musician with one of everything: a song, a playlist, a running show with a request, ... */
export async function musicianWithThings(
  app: FastifyInstance,
  overrides: Parameters<typeof registerMusician>[1] = {},
): Promise<OwnedThings> {
  const musician = await registerMusician(app, overrides);
  const song = await createSong(app, musician, { title: `Song of ${musician.musician.slug}` });
  const playlist = await createPlaylist(app, musician, { song_ids: [song.id] });
  const show = await startShow(app, musician);
  const request = await submitRequest(app, song, {
    requester_email: `requester-of-${musician.musician.slug}@example.com`,
  });
  const suggestion = await submitSuggestion(app, musician, {
    requester_email: `suggester-of-${musician.musician.slug}@example.com`,
  });
  const stageDevice = await pairStageDevice(app, musician);
  const blockedRequester = await blockSomeone(app, musician);
  const feedToken = await makeFeedToken(app, musician);
  // No Zelle email: the matrix finds any email in an answer a stranger or a tablet reads.
  await updateProfile(app, musician, paymentApps({ zelle_email: '' }));
  const tip = await sendTip(app, musician, { request_id: request.id });
  return {
    musician,
    song,
    playlist,
    show,
    request,
    suggestion,
    stageDevice,
    blockedRequester,
    feedToken,
    tip,
  };
}

/**
 * The value of each path parameter naming something of `owner`, chosen by the path part before
 * it (/songs/:id is a song id). Undefined for a parameter this table does not know yet, so a new
 * route makes the access matrix ask for it instead of being skipped quietly.
 */
export function ownedParam(url: string, name: string, owner: OwnedThings): string | undefined {
  if (name === 'slug') return owner.musician.musician.slug;
  if (name === 'musicianId') return owner.musician.musician.id;
  if (name === 'token') return owner.request.status_token;
  const before = url.split(`/:${name}`)[0]!.split('/').at(-1);
  const byPart: Record<string, string> = {
    songs: owner.song.id,
    playlists: owner.playlist.id,
    shows: owner.show.id,
    requests: owner.request.id,
    'song-suggestions': owner.suggestion.id,
    'stage-devices': owner.stageDevice.id,
    'blocked-requesters': owner.blockedRequester.id,
    'feed-tokens': owner.feedToken.id,
    tips: owner.tip.id,
    musician: owner.musician.musician.id,
  };
  return before ? byPart[before] : undefined;
}

/** The names of a route's path parameters, `*` included. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

/** The route's path with each parameter replaced by `fill(name)`. */
export function fillPath(url: string, fill: (name: string) => string): string {
  return url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => fill(name ?? '*'));
}

/**
 * Config overrides so no route reaches the internet: MusicBrainz off, and the playlist platforms
 * pointed at `platformsUrl`, a local stub (see startStubServer) that hands out a token.
 */
export function offlineOverrides(base: AppConfig, platformsUrl: string): Partial<AppConfig> {
  return {
    // A phone's push subscription may only name the stub: no push ever leaves the machine.
    webPush: { ...base.webPush, allowedOrigins: [parsePushServiceOrigin(platformsUrl)!] },
    metadata: { ...base.metadata, musicbrainzEnabled: false },
    playlistImport: {
      ...base.playlistImport,
      spotifyClientId: 'fuzz-id',
      spotifyClientSecret: 'fuzz-secret',
      spotifyAccountsUrl: platformsUrl,
      spotifyApiUrl: platformsUrl,
      appleMusicToken: 'fuzz-token',
      appleMusicApiUrl: platformsUrl,
      timeoutMs: 2000,
    },
    // Sign-in with a provider on: its routes read the flow cookie. The stub is no provider, so a
    // start lands on the failure page, as with a provider that is down.
    oidc: {
      issuer: platformsUrl,
      clientId: 'fuzz-client',
      clientSecret: 'fuzz-client-secret',
      buttonLabel: 'Continue',
    },
  };
}

/** A local stand-in for the playlist platforms: a token for anyone, and no playlist known. */
export function stubPlatforms() {
  return startStubServer((request) =>
    request.url.startsWith('/api/token')
      ? { json: { access_token: 'stub-token', token_type: 'Bearer', expires_in: 3600 } }
      : { status: 404, json: { error: { status: 404 } } },
  );
}
