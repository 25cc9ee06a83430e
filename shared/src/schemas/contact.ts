import { z } from 'zod';
import { fill } from '../fill-message.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';
import { withoutNul } from './request.ts';

const required = () =>
  z
    .string({ error: messages.contactFieldsRequired })
    .trim()
    .min(1, messages.contactFieldsRequired)
    .refine(withoutNul, messages.textHasNulCharacter);

/** POST /contact (spec section 5: name, email and message are all required). */
export const ContactBody = z.object({
  name: required().pipe(z.string().max(NAME_MAX_LENGTH)),
  email: required().pipe(
    z
      .string()
      .max(EMAIL_MAX_LENGTH)
      .pipe(z.email({ error: messages.emailInvalid })),
  ),
  message: required().pipe(
    z.string().max(CONTACT_MESSAGE_MAX_LENGTH, {
      error: fill(messages.contactMessageTooLong, {
        max: CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US'),
      }),
    }),
  ),
  // Only the signed-in musician's own id is ever stored; anything else sent here is ignored.
  musician_id: z.unknown().optional(),
});
export type ContactBody = z.input<typeof ContactBody>;
export type ContactData = z.output<typeof ContactBody>;
