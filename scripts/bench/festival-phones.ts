/**
 * One process holding thousands of audience phones on one musician's page, for bench-festival.ts.
 * Each phone does what the audience page does (client/src/features/audience): it loads the song
 * list, opens its own Socket.IO connection to the /audience namespace (websocket transport),
 * follows the page, and, once following, reloads the list (use-audience-live.ts's onFollowing).
 * On `page:changed` it applies a profile from the push itself, and refetches the song list on
 * `songs` with If-None-Match, as the browser's HTTP cache does for the page's fetch (the list is
 * answered with an ETag and `cache-control: no-cache`). One phone in QUEUE_VIEW_EVERY has the Queue
 * view open (public-queue-store.ts): on a `queue` push it waits up to PUSH_SPREAD_MS, then
 * refetches the public queue naming the push's version. Arrival times are noted on the
 * machine-wide monotonic clock (process.hrtime), so the parent compares them with its own.
 */
import { io, type Socket } from 'socket.io-client';
import { Agent, request } from 'undici';
import {
  AUDIENCE_NAMESPACE,
  PUSH_VERSION_HEADER,
  type AudienceClientToServerEvents,
  type AudienceServerToClientEvents,
  type PageChange,
} from '#shared/realtime.ts';

type Phone = Socket<AudienceServerToClientEvents, AudienceClientToServerEvents>;

export interface PhonesPlan {
  type: 'start';
  /** Phone n connects to urls[n % urls.length] (HTTP and socket alike). */
  urls: string[];
  slug: string;
  count: number;
  /** Phones handshaking at once. */
  batch: number;
}

/** What the parent reads after a step: per phone, when it saw each thing (ns, as strings). */
export interface PhonesReport {
  type: 'report';
  /** When the profile push with requests off arrived. */
  requestsOff: string[];
  /** When a refetch brought a list of `songsWanted` songs. */
  newList: string[];
  /** When a Queue view's refetch brought a queue of `queueWanted` requests. */
  newQueue: string[];
  status200: number;
  status304: number;
  failed: number;
}

/** The phones with the Queue view open: one in ten (docs/scaling.md's assumption). */
export const QUEUE_VIEW_EVERY = 10;
/** The Queue view's wait before its refetch (PUSH_SPREAD_MS in public-queue-store.ts). */
const PUSH_SPREAD_MS = 800;

const agent = new Agent({ connections: 64, pipelining: 1 });
const now = () => process.hrtime.bigint().toString();

let songsWanted = Infinity;
let queueWanted = Infinity;
let report: Omit<PhonesReport, 'type'> = fresh();
function fresh() {
  return { requestsOff: [], newList: [], newQueue: [], status200: 0, status304: 0, failed: 0 };
}
const sockets: Phone[] = [];

/**
 * A public answer as a phone holds it: its ETag, and a refetch that is conditional on it and names
 * the version of the push that caused it, as the page does (client/src/features/audience/). Each
 * answer is tallied in the report; `arrivals` notes when a 200 brought `wanted()` items.
 */
function heldAnswer(
  address: string,
  itemsOf: (body: unknown) => unknown[],
  wanted: () => number,
  arrivals: () => string[],
) {
  let etag: string | undefined;
  return async (version?: string): Promise<void> => {
    const res = await request(address, {
      dispatcher: agent,
      headers: {
        accept: 'application/json',
        ...(etag ? { 'if-none-match': etag } : {}),
        ...(version ? { [PUSH_VERSION_HEADER]: version } : {}),
      },
    });
    const text = await res.body.text();
    if (res.statusCode === 304) {
      report.status304++;
      return;
    }
    if (res.statusCode !== 200)
      throw new Error(`${address} ${res.statusCode} ${text.slice(0, 200)}`);
    report.status200++;
    etag = res.headers.etag as string | undefined;
    if (itemsOf(JSON.parse(text)).length === wanted()) arrivals().push(now());
  };
}

async function phone(url: string, slug: string, queueView: boolean): Promise<void> {
  const page = `${url}/api/musicians/${slug}`;
  const loadSongs = heldAnswer(
    `${page}/songs`,
    (body) => body as unknown[],
    () => songsWanted,
    () => report.newList,
  );
  const loadQueue = heldAnswer(
    `${page}/queue`,
    (body) => (body as { requests: unknown[] }).requests,
    () => queueWanted,
    () => report.newQueue,
  );
  const counted = (load: Promise<void>) => load.catch(() => void report.failed++);
  // The ramp's tallies (this first load, the reload on following) are cleared once all are in.
  await loadSongs();
  let reloading: Promise<void> = Promise.resolve();
  // As the browser would: one reload at a time, the next after it.
  const reload = (version?: string) =>
    (reloading = reloading.then(() => counted(loadSongs(version))));

  const socket: Phone = io(`${url}${AUDIENCE_NAMESPACE}`, {
    path: '/socket.io',
    transports: ['websocket'],
    // A phone of its own, not a namespace multiplexed on the previous phone's connection.
    forceNew: true,
  });
  sockets.push(socket);
  const refetchQueue = (version?: string) =>
    setTimeout(() => void counted(loadQueue(version)), Math.random() * PUSH_SPREAD_MS);
  socket.on('page:changed', (change: PageChange) => {
    if (change.kind === 'queue' && queueView) refetchQueue(change.version);
    if (change.kind === 'profile' && !change.musician.requests_enabled) {
      report.requestsOff.push(now());
    }
    if (change.kind === 'songs') void reload(change.version);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit('page:follow', slug, (ok) => {
        if (!ok) return reject(new Error('page:follow refused'));
        // Going live the first time: what changed since the page loaded (a 304 here).
        void reload().then(resolve);
      });
    });
  });
}

process.on(
  'message',
  async (
    message:
      PhonesPlan | { type: 'expect'; songs?: number; queue?: number } | { type: 'flush' | 'stop' },
  ) => {
    if (message.type === 'start') {
      // A few hundred at a time: a stampede of handshakes measures the OS, not the server.
      let failed = 0;
      for (let i = 0; i < message.count; i += message.batch) {
        const batch = Array.from({ length: Math.min(message.batch, message.count - i) }, (_, j) =>
          phone(
            message.urls[(i + j) % message.urls.length]!,
            message.slug,
            (i + j) % QUEUE_VIEW_EVERY === 0,
          ),
        );
        const results = await Promise.allSettled(batch);
        for (const result of results) {
          if (result.status === 'fulfilled') continue;
          if (failed++ < 3) console.error('a phone failed:', String(result.reason));
        }
      }
      report = fresh();
      process.send!({
        type: 'ready',
        connected: sockets.filter((s) => s.connected).length,
        failed,
      });
    } else if (message.type === 'expect') {
      songsWanted = message.songs ?? songsWanted;
      queueWanted = message.queue ?? queueWanted;
    } else if (message.type === 'flush') {
      process.send!({ type: 'report', ...report } satisfies PhonesReport);
      report = fresh();
    } else {
      for (const socket of sockets) socket.disconnect();
      await agent.close();
      process.exit(0);
    }
  },
);
