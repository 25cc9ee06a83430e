import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SONG_FIELD_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from '../limits.ts';
import { messages } from '../messages.ts';
import { tooLong } from './human-errors.ts';

const SUGGESTION_STATUSES = ['pending', 'added', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const Suggestion = z.object({
  id: z.string(),
  suggested_title: z.string(),
  suggested_artist: z.string(),
  requester_name: z.string(),
  requester_email: z.string(),
  message: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Suggestion = z.infer<typeof Suggestion>;

const required = (max: number) =>
  z
    .string({ error: messages.suggestionFieldsRequired })
    .trim()
    .min(1, messages.suggestionFieldsRequired)
    .max(max, tooLong(max));

export const CreateSuggestionBody = z.object({
  musician_slug: required(100).toLowerCase(),
  suggested_title: required(SONG_FIELD_MAX_LENGTH),
  suggested_artist: required(SONG_FIELD_MAX_LENGTH),
  requester_name: required(NAME_MAX_LENGTH),
  requester_email: required(EMAIL_MAX_LENGTH).pipe(z.email({ error: messages.emailInvalid })),
  message: z
    .string()
    .trim()
    .max(TEXT_MAX_LENGTH)
    .nullish()
    .transform((text) => text ?? ''),
});
export type CreateSuggestionBody = z.input<typeof CreateSuggestionBody>;
export type CreateSuggestionData = z.output<typeof CreateSuggestionBody>;

/** What the audience gets back: nothing personal. */
export const CreatedSuggestion = z.object({ id: z.string(), status: z.enum(SUGGESTION_STATUSES) });

export const SuggestionStatusBody = z.object({ status: z.enum(['added', 'rejected']) });
export type SuggestionStatusBody = z.infer<typeof SuggestionStatusBody>;

export const SuggestionListResponse = z.array(Suggestion);
