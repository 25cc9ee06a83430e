import { z } from 'zod';
import { tooLong } from './human-errors.ts';
import { EMAIL_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';

/** Every error the API returns has this shape; the client shows `detail`. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const SuccessResponse = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const IdParams = z.object({ id: z.uuid({ error: 'This id is not valid.' }) });
export type IdParams = z.infer<typeof IdParams>;

/** A required text field: trimmed, and blank counts as missing (same message). */
export function requiredText(message: string, maxLength: number) {
  return z.string({ error: message }).trim().min(1, message).max(maxLength, tooLong(maxLength));
}

/** Emails are compared case-insensitively, so they are stored lower-cased. */
export const EmailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX_LENGTH, tooLong(EMAIL_MAX_LENGTH))
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((email) => email.toLowerCase());
