import { z } from 'zod';

/**
 * How the waiting requests are ordered: arrival (the spec's, oldest first), most votes first,
 * biggest tip first (ties oldest first), the musician's own order, or fair turns (one request
 * per person per round, each round oldest first). Up Next is always in the
 * order songs were sent there, as the musician then moves them.
 */
export const QUEUE_ORDERS = ['arrival', 'votes', 'tips', 'manual', 'fair'] as const;
export const QueueOrder = z.enum(QUEUE_ORDERS);
export type QueueOrder = z.infer<typeof QueueOrder>;
