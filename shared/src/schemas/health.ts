import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['ok', 'down']),
  }),
  uptime_seconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
