import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_CODE_INPUT_MAX_LENGTH,
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

/**
 * reset_code is present only when the server runs with NODE_ENV=development. delivery says where
 * codes go on this server (email, or the server log when no SMTP is set up): the same for every
 * address, so it reveals nothing about which emails have accounts.
 */
export const ForgotPasswordResponse = z.object({
  message: z.string(),
  delivery: z.enum(['email', 'log']),
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
    .max(RESET_CODE_INPUT_MAX_LENGTH, messages.resetCodeInvalid),
  new_password: newPassword(messages.newPasswordRequired),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The live checklist of the password-change form (spec section 5), also enforced by the API. */
export const PASSWORD_RULES = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: messages.newPasswordTooShort,
    test: (password: string) => password.length >= PASSWORD_MIN_LENGTH,
  },
  {
    label: 'At least one letter',
    message: messages.newPasswordNeedsLetter,
    test: (password: string) => /\p{L}/u.test(password),
  },
  {
    label: 'At least one number',
    message: messages.newPasswordNeedsNumber,
    test: (password: string) => /\p{N}/u.test(password),
  },
] as const;

/** Every field of the account forms is required with one message (spec section 5). */
const requiredSecret = z
  .string({ error: messages.allFieldsRequired })
  .min(1, messages.allFieldsRequired)
  .max(PASSWORD_MAX_LENGTH, messages.currentPasswordIncorrect);

export const ChangeEmailBody = z.object({
  new_email: z
    .string({ error: messages.allFieldsRequired })
    .trim()
    .min(1, messages.allFieldsRequired)
    .max(EMAIL_MAX_LENGTH, messages.emailInvalid)
    .pipe(z.email({ error: messages.emailInvalid }))
    .transform((email) => email.toLowerCase()),
  current_password: requiredSecret,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

export const ChangeEmailResponse = z.object({ message: z.string(), musician: Musician });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponse>;

export const ChangePasswordBody = z
  .object({
    current_password: requiredSecret,
    new_password: z
      .string({ error: messages.allFieldsRequired })
      .min(1, messages.allFieldsRequired)
      .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)
      .superRefine((password, ctx) => {
        const broken = PASSWORD_RULES.find((rule) => !rule.test(password));
        if (broken) ctx.addIssue({ code: 'custom', message: broken.message });
      }),
  })
  .refine((body) => body.new_password !== body.current_password, {
    message: messages.newPasswordSameAsCurrent,
    path: ['new_password'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** A request without a body is answered like one without the word, not with a type error. */
export const DeleteAccountBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    confirmation_text: z.literal('DELETE', { error: messages.deleteConfirmationRequired }),
    /**
     * Proof, as for change-email. May be empty only for an account signed in through an identity
     * provider moments ago (it may have no password); the server says which is missing.
     */
    current_password: z
      .string({ error: messages.deletePasswordRequired })
      .max(PASSWORD_MAX_LENGTH, messages.currentPasswordIncorrect)
      .default(''),
  }),
);
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
