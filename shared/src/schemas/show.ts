import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';
import { requiredText } from './common.ts';

const SHOW_STATUSES = ['active', 'stopped', 'archived'] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export const Show = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  status: z.enum(SHOW_STATUSES),
  updated_at: z.string(),
});
export type Show = z.infer<typeof Show>;

export const ShowListResponse = z.array(Show);

/** GET /shows/current and the show:updated event. */
export const CurrentShowResponse = z.object({ active: z.boolean(), show: Show.nullable() });
export type CurrentShowResponse = z.infer<typeof CurrentShowResponse>;

export const StartShowBody = z.object({
  name: requiredText(messages.showNameRequired, NAME_MAX_LENGTH),
});
export type StartShowBody = z.infer<typeof StartShowBody>;
