import { randomBytes } from 'node:crypto';
import {
  Adapter,
  type BroadcastOptions,
  type PrivateSessionId,
  type Room,
  type Session,
} from 'socket.io-adapter';

type SessionToPersist = Omit<Session, 'missedPackets'>;

interface KeptPacket {
  emittedAt: number;
  rooms: Room[];
  except: Room[];
  /** The event's arguments and offset as JSON; the arguments themselves when they hold binary. */
  data: string | unknown[];
}

/** How often expired sessions are let go (expired packets also go on every broadcast). */
const SWEEP_MS = 5_000;
const EVENT = 2;
/**
 * Socket.IO starts a fresh session on any falsy answer (its own adapters answer null), though
 * the adapter typings promise a Session.
 */
const NOT_RECOVERED = null as unknown as Session;

/**
 * Connection state recovery for one process (the embedded default; with Redis the streams
 * adapter keeps the packets in Redis instead). It does what Socket.IO's own SessionAwareAdapter
 * does, so a device that drops for a moment gets what it missed, without what made that one
 * the embedded server's largest cost under load (measured at 600 requests a second):
 *
 * - It kept every event, for every room, as the live objects it was emitted with, and let go of
 *   them only once a minute: up to three minutes of events. At 600 requests a second the heap
 *   grew by about 1 MB a second, all of it walked by every full collection. Here an event is
 *   kept as one JSON string, and expired ones go on each broadcast.
 * - It kept events for rooms nobody can ever ask for (a musician with no stage device still had
 *   every request kept for the stage room). Here an event is kept only when a connected socket,
 *   or a disconnected one that may still come back, is in one of its rooms.
 * - Finding a device's offset was a scan of every kept event; offsets here are sequence
 *   numbers, so it is a subtraction.
 */
export class RecoveryAdapter extends Adapter {
  readonly #maxDisconnectionMs: number;
  readonly #sessions = new Map<PrivateSessionId, SessionToPersist & { disconnectedAt: number }>();
  /** How many disconnected sessions, still recoverable, are in each room. */
  readonly #sessionRooms = new Map<Room, number>();
  /**
   * Kept packets, oldest first; #packets[i] has sequence number #baseSeq + i. Those before
   * #head have expired; they are cut off in one go once they are half the array, since cutting
   * the front of a long array on every broadcast would move all of it each time.
   */
  #packets: KeptPacket[] = [];
  #head = 0;
  #baseSeq = 0;
  /** Offsets from another process (or an earlier run of this one) never match. */
  readonly #prefix = `${randomBytes(4).toString('hex')}.`;
  readonly #sweeper: ReturnType<typeof setInterval>;

  constructor(nsp: ConstructorParameters<typeof Adapter>[0]) {
    super(nsp);
    this.#maxDisconnectionMs = nsp.server.opts.connectionStateRecovery.maxDisconnectionDuration;
    this.#sweeper = setInterval(() => this.#sweep(Date.now()), SWEEP_MS);
    this.#sweeper.unref();
  }

  /** How many events are kept for devices that may come back (for tests and diagnostics). */
  get kept(): number {
    return this.#packets.length - this.#head;
  }

  override close(): void {
    clearInterval(this.#sweeper);
  }

  override persistSession(session: SessionToPersist): void {
    this.#forgetSession(session.pid);
    this.#sessions.set(session.pid, { ...session, disconnectedAt: Date.now() });
    for (const room of session.rooms) {
      this.#sessionRooms.set(room, (this.#sessionRooms.get(room) ?? 0) + 1);
    }
  }

  override async restoreSession(pid: PrivateSessionId, offset: string): Promise<Session> {
    const now = Date.now();
    this.#dropExpiredPackets(now);
    const session = this.#sessions.get(pid);
    if (!session) return NOT_RECOVERED;
    this.#forgetSession(pid);
    if (session.disconnectedAt + this.#maxDisconnectionMs < now) return NOT_RECOVERED;
    const index = this.#indexOf(offset);
    if (index === undefined) return NOT_RECOVERED;
    const rooms = new Set(session.rooms);
    const missedPackets: unknown[][] = [];
    for (let i = index + 1; i < this.#packets.length; i++) {
      const packet = this.#packets[i]!;
      if (reaches(packet, rooms)) {
        missedPackets.push(
          typeof packet.data === 'string' ? (JSON.parse(packet.data) as unknown[]) : packet.data,
        );
      }
    }
    const { disconnectedAt: _, ...persisted } = session;
    return { ...persisted, missedPackets };
  }

  override broadcast(
    packet: { type: number; id?: number; data: unknown[] },
    opts: BroadcastOptions,
  ): void {
    const now = Date.now();
    this.#dropExpiredPackets(now);
    // Like Socket.IO's: events with an acknowledgement or sent volatile are not kept.
    if (
      packet.type === EVENT &&
      packet.id === undefined &&
      opts.flags?.volatile === undefined &&
      this.#mayBeAskedFor(opts)
    ) {
      const seq = this.#baseSeq + this.#packets.length;
      // The offset goes last in the arguments: the client reads it from there.
      packet.data.push(this.#prefix + seq.toString(36));
      this.#packets.push({
        emittedAt: now,
        rooms: [...opts.rooms],
        except: opts.except ? [...opts.except] : [],
        data: holdsBinary(packet.data) ? [...packet.data] : JSON.stringify(packet.data),
      });
    }
    super.broadcast(packet, opts);
  }

  /** Whether some socket in the packet's rooms, connected or recoverable, could replay it. */
  #mayBeAskedFor({ rooms }: BroadcastOptions): boolean {
    if (rooms.size === 0) return this.sids.size > 0 || this.#sessions.size > 0;
    for (const room of rooms) {
      if (this.rooms.has(room) || this.#sessionRooms.has(room)) return true;
    }
    return false;
  }

  #indexOf(offset: string): number | undefined {
    if (!offset.startsWith(this.#prefix)) return undefined;
    const index = parseInt(offset.slice(this.#prefix.length), 36) - this.#baseSeq;
    return Number.isInteger(index) && index >= this.#head && index < this.#packets.length
      ? index
      : undefined;
  }

  #forgetSession(pid: PrivateSessionId): void {
    const session = this.#sessions.get(pid);
    if (!session) return;
    this.#sessions.delete(pid);
    for (const room of session.rooms) {
      const left = (this.#sessionRooms.get(room) ?? 1) - 1;
      if (left === 0) this.#sessionRooms.delete(room);
      else this.#sessionRooms.set(room, left);
    }
  }

  #dropExpiredPackets(now: number): void {
    const threshold = now - this.#maxDisconnectionMs;
    while (this.#head < this.#packets.length && this.#packets[this.#head]!.emittedAt < threshold) {
      this.#head++;
    }
    if (this.#head > 0 && this.#head >= this.#packets.length / 2) {
      this.#packets = this.#packets.slice(this.#head);
      this.#baseSeq += this.#head;
      this.#head = 0;
    }
  }

  #sweep(now: number): void {
    this.#dropExpiredPackets(now);
    const threshold = now - this.#maxDisconnectionMs;
    for (const [pid, session] of this.#sessions) {
      if (session.disconnectedAt < threshold) this.#forgetSession(pid);
    }
  }
}

/** Socket.IO's rule: in one of the packet's rooms (or it went to all), and in none excepted. */
function reaches(packet: KeptPacket, rooms: Set<Room>): boolean {
  const included = packet.rooms.length === 0 || packet.rooms.some((room) => rooms.has(room));
  return included && !packet.except.some((room) => rooms.has(room));
}

/** Binary arguments cannot go through JSON; Socket.IO sends them as attachments. */
function holdsBinary(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 20) return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return true;
  if (Array.isArray(value)) return value.some((item) => holdsBinary(item, depth + 1));
  // Socket.IO calls toJSON before looking for binary; JSON.stringify does the same.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  return Object.values(value).some((item) => holdsBinary(item, depth + 1));
}
