/**
 * The floor of `bench:realtime`: the libraries the product stands on with nothing of ours.
 * Fastify answers POST /api/requests with one SQL statement (floor-stores.ts: SQLite through
 * `node:sqlite`, on this thread, each commit fsynced before the answer), and Socket.IO emits the
 * row to a room of the musician's devices. No limits, no merging, no idempotency, no
 * privacy: whatever the product takes beyond this is the price of those.
 *
 *   node scripts/bench/floor-server.ts DATA_DIR
 *
 * prints `listening PORT` when ready.
 *
 * The devices connect with `auth: { token }` as they do to the product; here the token is the
 * musician's id and names the room.
 */
import Fastify from 'fastify';
import { Server } from 'socket.io';
import { openFloorStore, type Submission } from './floor-stores.ts';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: floor-server.ts DATA_DIR');

const store = openFloorStore(dataDir);
const app = Fastify();
const io = new Server(app.server, { transports: ['websocket'] });
io.on('connection', (socket) => {
  const token: unknown = socket.handshake.auth.token;
  if (typeof token === 'string') void socket.join(token);
});

app.post<{ Body: Submission }>('/api/requests', async (req, reply) => {
  const row = await store.file(req.body);
  if (!row) return reply.code(404).send({ detail: 'Song not found' });
  io.to(row.musician_id).emit('request:created', row);
  return reply.code(201).send(row);
});

/** `count` musicians with `songs` songs each, as the load generator addresses them. */
app.post<{ Body: { count: number; songs: number } }>('/seed', (req) =>
  store.seed(req.body.count, req.body.songs),
);

app.get('/api/health', () => ({ status: 'ok' }));

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => {
  void io.close();
  void app
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
