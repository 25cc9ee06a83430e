/**
 * A musician's device as the real client builds its request list (client/src/live/
 * live-connection.ts and app/live-wiring.ts): one Socket.IO connection through the balancer,
 * the complete list from GET /api/requests/updates/{id} on the first connect and after every
 * reconnection the server could not recover, socket events applied on top, and polling that
 * list while the socket is down. The store is the client's own entity collection, so duplicates,
 * stale copies and deletions are judged by the same code as in the browser.
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';
import { DASHBOARD_POLL_MS } from '#shared/limits.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import {
  applySnapshot,
  emptyCollection,
  removeEntity,
  upsertEntity,
  type EntityCollection,
} from '#client/lib/entity-collection.ts';
import { createPoller } from '#client/live/poller.ts';

type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface DeviceCounters {
  connects: number;
  /** Reconnections the server recovered (missed events replayed, no refetch). */
  recovered: number;
  /** Complete lists applied: first load, resyncs and polls. */
  snapshots: number;
  /** Transports this suite cut on purpose. */
  cuts: number;
  /** Connections lost for any other reason: the server process died, or the balancer cut it. */
  lost: number;
}

export class Device {
  collection: EntityCollection<SongRequest> = emptyCollection<SongRequest>();
  /** Ids that arrived by the first list or a socket event: what live delivery alone gave. */
  readonly live = new Set<string>();
  readonly counters: DeviceCounters = {
    connects: 0,
    recovered: 0,
    snapshots: 0,
    cuts: 0,
    lost: 0,
  };
  /** What happened to the connection, with the UTC time of day, to explain a missing id. */
  readonly history: string[] = [];
  private readonly socket: DeviceSocket;
  private connectedBefore = false;
  private firstLoaded = false;
  private stopped = false;
  private readonly poller = createPoller(() => this.resync(), DASHBOARD_POLL_MS);

  readonly label: string;
  readonly musicianId: string;
  private readonly url: string;
  private readonly token: string;

  constructor(label: string, url: string, musicianId: string, token: string) {
    this.label = label;
    this.url = url;
    this.musicianId = musicianId;
    this.token = token;
    // Default transports as in the browser (long-polling, then the WebSocket upgrade), and the
    // balancer's cookie kept like a browser keeps it, so the polls reach the same process.
    this.socket = io(url, { path: '/socket.io', auth: { token }, withCredentials: true });
    this.socket.on('connect', () => {
      this.counters.connects++;
      this.note(`connect${this.socket.recovered ? ' (recovered)' : ''}`);
      this.poller.stop();
      if (this.socket.recovered && this.connectedBefore) this.counters.recovered++;
      // As the real client (client/src/live/live-connection.ts): resync after every connect.
      void this.resync().catch(() => {});
      this.connectedBefore = true;
    });
    this.socket.on('disconnect', (reason) => {
      this.note(`disconnect: ${reason}`);
      // A cut transport closes with the engine's own reason, which the client's type leaves out.
      const why: string = reason;
      if (why !== 'forced close' && why !== 'io client disconnect') this.counters.lost++;
      if (!this.stopped && reason !== 'io client disconnect') this.poller.start();
    });
    this.socket.on('connect_error', (error) => {
      this.note(`connect_error: ${error.message}`);
      if (this.stopped) return;
      this.poller.start();
      if (!this.socket.active) setTimeout(() => this.stopped || this.socket.connect(), 3000);
    });
    const upsert = (request: SongRequest) => {
      this.live.add(request.id);
      this.collection = upsertEntity(this.collection, request, performance.now()).collection;
    };
    this.socket.on('request:created', upsert);
    this.socket.on('request:updated', upsert);
    this.socket.on('request:deleted', ({ id }) => {
      this.collection = removeEntity(this.collection, id);
    });
  }

  private note(line: string) {
    this.history.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** The complete list, applied over what the socket delivered meanwhile (live-wiring.ts). */
  async resync(): Promise<void> {
    const startedAt = performance.now();
    const res = await fetch(`${this.url}/api/requests/updates/${this.musicianId}`, {
      headers: { authorization: `Bearer ${this.token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`updates ${res.status}`);
    const { requests } = (await res.json()) as { requests: SongRequest[] };
    if (this.stopped) return;
    if (!this.firstLoaded) for (const request of requests) this.live.add(request.id);
    this.firstLoaded = true;
    this.counters.snapshots++;
    this.collection = applySnapshot(
      this.collection,
      requests,
      startedAt,
      performance.now(),
    ).collection;
  }

  /** Closes the transport under the socket, as a phone leaving the wifi does. */
  cutTransport(): void {
    if (!this.socket.connected) return;
    this.counters.cuts++;
    this.note('transport cut by the suite');
    this.socket.io.engine.close();
  }

  stop(): void {
    this.stopped = true;
    this.poller.stop();
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  /** The request ids held, in the collection's order (a duplicate would show here twice). */
  ids(): readonly string[] {
    return this.collection.ids;
  }
}
