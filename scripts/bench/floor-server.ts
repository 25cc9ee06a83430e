/**
 * The floor of `bench:realtime`: the libraries the product stands on with nothing of ours.
 * Fastify answers POST /api/requests with one SQL statement on PGlite (on disk, on this thread),
 * and Socket.IO emits the row to a room of the musician's devices. No limits, no merging, no
 * idempotency, no privacy: whatever the product takes beyond this is the price of those.
 *
 *   node scripts/bench/floor-server.ts DATA_DIR     prints `listening PORT` when ready
 *
 * The devices connect with `auth: { token }` as they do to the product; here the token is the
 * musician's id and names the room.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { Server } from 'socket.io';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: floor-server.ts DATA_DIR');

const db = new PGlite(dataDir);
await db.exec(`
  CREATE TABLE IF NOT EXISTS songs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    musician_id uuid NOT NULL
  );
  CREATE TABLE IF NOT EXISTS requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    musician_id uuid NOT NULL,
    song_id uuid NOT NULL,
    requester_name text NOT NULL,
    requester_email text NOT NULL,
    dedication text,
    created_at timestamptz NOT NULL DEFAULT now()
  );
`);

const app = Fastify();
const io = new Server(app.server, { transports: ['websocket'] });
io.on('connection', (socket) => {
  const token: unknown = socket.handshake.auth.token;
  if (typeof token === 'string') void socket.join(token);
});

interface Submission {
  song_id: string;
  requester_name: string;
  requester_email: string;
  dedication?: string;
}

app.post<{ Body: Submission }>('/api/requests', async (req, reply) => {
  const { song_id, requester_name, requester_email, dedication } = req.body;
  const { rows } = await db.query<{ musician_id: string }>(
    `INSERT INTO requests (musician_id, song_id, requester_name, requester_email, dedication)
     SELECT musician_id, id, $2, $3, $4 FROM songs WHERE id = $1
     RETURNING *`,
    [song_id, requester_name, requester_email, dedication ?? null],
  );
  const row = rows[0];
  if (!row) return reply.code(404).send({ detail: 'Song not found' });
  io.to(row.musician_id).emit('request:created', row);
  return reply.code(201).send(row);
});

/** `count` musicians with `songs` songs each, as the load generator addresses them. */
app.post<{ Body: { count: number; songs: number } }>('/seed', async (req) => {
  const { count, songs } = req.body;
  const musicians: Array<{ token: string; songIds: string[] }> = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await db.query<{ id: string; musician_id: string }>(
      `INSERT INTO songs (musician_id)
       SELECT m FROM (SELECT gen_random_uuid() AS m) one, generate_series(1, $1)
       RETURNING id, musician_id`,
      [songs],
    );
    musicians.push({ token: rows[0]!.musician_id, songIds: rows.map((row) => row.id) });
  }
  return musicians;
});

app.get('/api/health', () => ({ status: 'ok' }));

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => {
  void io.close();
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
});
