import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { LoginBody, RegisterBody } from '#shared/schemas/auth.ts';
import { validateForm } from './form-validation.ts';

describe('validateForm', () => {
  it('returns the parsed data when the values are valid', () => {
    const result = validateForm(LoginBody, { email: ' Ann@Example.com ', password: 'secret' });
    expect(result).toEqual({ ok: true, data: { email: 'ann@example.com', password: 'secret' } });
  });

  it('keeps the first message of each invalid field', () => {
    const result = validateForm(RegisterBody, { name: '  ', email: 'nope', password: 'short' });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: messages.nameRequired,
        email: messages.emailInvalid,
        password: messages.passwordTooShort,
      },
    });
  });

  it('reports a required field once', () => {
    const result = validateForm(LoginBody, { email: 'ann@example.com', password: '' });
    expect(result).toEqual({ ok: false, errors: { password: messages.passwordRequired } });
  });
});
