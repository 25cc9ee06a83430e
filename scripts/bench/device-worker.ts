/**
 * One process holding many musician devices (Socket.IO clients). It reports, per benchmark
 * request, when each device received it, on the machine-wide monotonic clock.
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';

interface Start {
  type: 'start';
  devices: Array<{ url: string; token: string }>;
}

const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
let arrivals: Array<[seq: number, at: string]> = [];

process.on('message', async (message: Start | { type: 'flush' } | { type: 'stop' }) => {
  if (message.type === 'start') {
    await Promise.all(message.devices.map(connect));
    process.send!({ type: 'ready' });
  } else if (message.type === 'flush') {
    process.send!({ type: 'arrivals', arrivals });
    arrivals = [];
  } else {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});

function connect({ url, token }: { url: string; token: string }): Promise<void> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    auth: { token },
    transports: ['websocket'],
  });
  sockets.push(socket);
  socket.on('request:created', (request) => {
    const seq = /^bench:(\d+)$/.exec(request.dedication)?.[1];
    if (seq) arrivals.push([Number(seq), process.hrtime.bigint().toString()]);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}
