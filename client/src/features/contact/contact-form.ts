import { messages } from '#shared/messages.ts';

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own check before sending (the server checks the same, spec section 5). */
export function contactFormError(fields: ContactFields): string | null {
  const name = fields.name.trim();
  const email = fields.email.trim();
  const message = fields.message.trim();
  if (!name || !email || !message) return messages.contactFieldsRequired;
  if (!EMAIL.test(email)) return messages.emailInvalid;
  return null;
}
