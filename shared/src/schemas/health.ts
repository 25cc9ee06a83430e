import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    status: z.enum(['ok', 'down']),
  }),
  uptime_seconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/ready: 200 only when the process takes traffic; a 503 says why not in `detail`. */
export const ReadyResponse = z.object({ status: z.literal('ready') });
export type ReadyResponse = z.infer<typeof ReadyResponse>;
