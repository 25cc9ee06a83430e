import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_CODE_LENGTH,
} from '../limits.ts';
import { messages } from '../messages.ts';
import { EmailField, requiredText } from './common.ts';
import { Musician } from './musician.ts';

/** Passwords are never trimmed: spaces may be part of them. */
function newPassword(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);
}

export const RegisterBody = z.object({
  name: requiredText(messages.nameRequired, NAME_MAX_LENGTH),
  email: EmailField,
  password: newPassword(messages.passwordRequired),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: EmailField,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, messages.invalidCredentials),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthResponse = z.object({ musician: Musician, token: z.string() });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const ForgotPasswordBody = z.object({ email: EmailField });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** reset_code is present only when the server runs with NODE_ENV=development. */
export const ForgotPasswordResponse = z.object({
  message: z.string(),
  reset_code: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ResetPasswordBody = z.object({
  email: EmailField,
  reset_code: z
    .string({ error: messages.resetCodeRequired })
    .trim()
    .toUpperCase()
    .min(1, messages.resetCodeRequired)
    .max(RESET_CODE_LENGTH * 2, messages.resetCodeInvalid),
  new_password: newPassword(messages.newPasswordRequired),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
