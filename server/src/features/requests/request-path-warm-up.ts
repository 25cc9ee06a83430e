import type { FastifyInstance } from 'fastify';
import type { CreateRequestBody } from '#shared/schemas/request.ts';
import { DEVICE_ID_HEADER } from '#shared/limits.ts';

/**
 * How many audience requests the warm-up sends. V8 runs a function as bytecode until it has run
 * often enough to be worth compiling, and the first audience requests after a start ran all of
 * their path so: two server processes on PostgreSQL, their first requests at 200 a second, were
 * busy 90-100 % of the first 0.7 s against 30-50 % after it, and the slower one answered the
 * first quarter second in 29-126 ms at the median (three runs); with this warm-up, 8-34 ms, and
 * the first second's p99 60-454 ms before, 20-58 ms after (the builds taking turns). It costs a
 * start 0.6-0.8 s.
 */
export const WARM_UP_REQUESTS = 120;
/** Fewer songs than requests: the last requests are +1s, whose path differs from a new request's. */
const WARM_UP_SONGS = 100;
/** Sent a few at a time, as a venue's are: the database's sessions take them side by side. */
const AT_ONCE = 4;
/**
 * The address they come from: TEST-NET-1 (RFC 5737), which no phone has, so the rate limits'
 * count for it is no real client's.
 */
const WARM_UP_ADDRESS = '192.0.2.1';
const CHATTIER_THAN_WARN = new Set(['trace', 'debug', 'info']);

/**
 * Before a server on PostgreSQL listens (main.ts): audience requests through the whole path a
 * phone's takes (routing, validation, the rate limit, the service, the database, the pushes), to
 * a made-up musician deleted afterwards with all it was sent, so that the first real ones run
 * compiled code. Their log lines are left out. Resolves with the status of each answer.
 */
export async function warmUpRequestPath(
  app: FastifyInstance,
  { count = WARM_UP_REQUESTS, songs = WARM_UP_SONGS } = {},
): Promise<number[]> {
  const musician = await app.services.requests.warmUpMusician(Math.min(count, songs));
  // No phone here to solve a challenge: the made-up musician's requests prove no work.
  const exemption = app.services.proofOfWork.exempt(musician.musicianId);
  const send = (n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: WARM_UP_ADDRESS,
      headers: {
        'idempotency-key': `warm-up-${n}`,
        [DEVICE_ID_HEADER]: `warm-up-device-${String(n).padStart(16, '0')}`,
      },
      payload: {
        song_id: musician.songIds[n % musician.songIds.length]!,
        requester_name: 'Warm-up',
        requester_email: `warm-up-${n}@example.invalid`,
        dedication: 'Warm-up',
        tip_amount: 0,
      } satisfies CreateRequestBody,
    });
  const statuses: number[] = [];
  // Only made quieter: a server told to log errors alone does so here too.
  const level = app.log.level;
  if (CHATTIER_THAN_WARN.has(level)) app.log.level = 'warn';
  try {
    for (let first = 0; first < count; first += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, count - first) }, (_, i) => first + i);
      for (const res of await Promise.all(batch.map(send))) statuses.push(res.statusCode);
    }
  } finally {
    app.log.level = level;
    exemption.release();
    await musician.remove();
  }
  return statuses;
}
