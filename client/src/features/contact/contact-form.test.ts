import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { contactFormError } from './contact-form.ts';

const filled = { name: 'Jo', email: 'jo@example.com', message: 'Hi' };

describe('contactFormError', () => {
  it('accepts a filled form', () => {
    expect(contactFormError(filled)).toBeNull();
  });

  it.each(['name', 'email', 'message'] as const)('asks for all fields when %s is blank', (key) => {
    expect(contactFormError({ ...filled, [key]: '  ' })).toBe(messages.contactFieldsRequired);
  });

  it('refuses an email without a domain', () => {
    expect(contactFormError({ ...filled, email: 'jo@example' })).toBe(messages.emailInvalid);
  });
});
