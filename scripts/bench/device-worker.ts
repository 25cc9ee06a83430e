/**
 * One process holding many musician devices (Socket.IO clients). It reports, per benchmark
 * request, when each device received it, on the machine-wide monotonic clock. Idle devices
 * only connect and stay connected, as stage tablets do between songs.
 */
import { io, type Socket } from 'socket.io-client';
import {
  MUSICIAN_ROUTE_PARAM,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '#shared/realtime.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { BenchDevice } from './devices.ts';

type Device = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Start {
  type: 'start';
  devices: BenchDevice[];
}

const sockets: Device[] = [];
let arrivals: Array<[seq: number, at: string]> = [];

process.on('message', async (message: Start | { type: 'flush' } | { type: 'stop' }) => {
  if (message.type === 'start') {
    // A few hundred at a time: a stampede of handshakes measures the OS, not the server.
    for (let i = 0; i < message.devices.length; i += 200) {
      await Promise.all(message.devices.slice(i, i + 200).map(connect));
    }
    process.send!({ type: 'ready', connected: sockets.filter((s) => s.connected).length });
  } else if (message.type === 'flush') {
    process.send!({ type: 'arrivals', arrivals });
    arrivals = [];
  } else {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});

const benchSeq = (dedication: string | undefined) => /^bench:(\d+)$/.exec(dedication ?? '')?.[1];

function connect({ url, token, musicianId }: BenchDevice): Promise<void> {
  // As client/src/live/live-connection.ts connects: the balancer keeps a musician's devices
  // together by the musician it names.
  const query = musicianId ? { [MUSICIAN_ROUTE_PARAM]: musicianId } : undefined;
  const socket: Device = io(url, { auth: { token }, query, transports: ['websocket'] });
  sockets.push(socket);
  // Each device notes every benchmark request once: a fresh one, or a +1 merged into another.
  const seen = new Set<string>();
  const note = (seq: string | undefined) => {
    if (!seq || seen.has(seq)) return;
    seen.add(seq);
    arrivals.push([Number(seq), process.hrtime.bigint().toString()]);
  };
  socket.on('request:created', (request: SongRequest) => note(benchSeq(request.dedication)));
  socket.on('request:updated', (request: SongRequest) => {
    for (const voter of request.voters ?? []) note(benchSeq(voter.dedication));
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}
