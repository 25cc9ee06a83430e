import { z } from 'zod';
import { messages } from '../messages.ts';

/** Someone the musician blocked from their page (by the email and the phone of a request). */
export const BlockedRequester = z.object({
  id: z.string(),
  requester_name: z.string(),
  /** Lower-cased; '' when only the phone is known. */
  email: z.string(),
  /** Whether their phone is blocked too (the phone's id itself is never shown). */
  device_blocked: z.boolean(),
  created_at: z.string(),
});
export type BlockedRequester = z.infer<typeof BlockedRequester>;

export const BlockedRequestersResponse = z.object({ blocked: z.array(BlockedRequester) });
export type BlockedRequestersResponse = z.infer<typeof BlockedRequestersResponse>;

export const BlockRequesterBody = z.object({
  request_id: z.uuid({ error: messages.requestNotFound }),
});
export type BlockRequesterBody = z.infer<typeof BlockRequesterBody>;
