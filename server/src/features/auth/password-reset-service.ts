import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MINUTES } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { ForgotPasswordResponse, ResetPasswordBody } from '#shared/schemas/auth.ts';
import { badRequest } from '#server/http/errors.ts';
import type { MusiciansRepository } from '../musicians/musicians-repository.ts';
import { hashPassword } from './password-hasher.ts';
import type { PasswordResetsRepository } from './password-resets-repository.ts';
import type { ResetCodeMailer } from './reset-code-mailer.ts';
import { hashSecret, newResetCode } from './secrets.ts';

interface Deps {
  musicians: MusiciansRepository;
  resets: PasswordResetsRepository;
  mailer: ResetCodeMailer;
  log: FastifyBaseLogger;
  /** Only in development: the spec's "development text" shows the code on screen. */
  exposeResetCode: boolean;
  /** Where codes go: 'email' with SMTP set up, else 'log' (the operator passes them on). */
  delivery: ForgotPasswordResponse['delivery'];
  /** Told which sessions a reset ended, so their live connections close too. */
  onSessionsRevoked?: (sessionIds: string[]) => void;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function passwordResetService(deps: Deps) {
  const { musicians, resets, mailer, log } = deps;

  return {
    /** Same answer whether or not the email has an account, so it reveals nothing. */
    async requestCode(email: string): Promise<ForgotPasswordResponse> {
      const musician = await musicians.findByEmail(email);
      const answer = { message: messages.resetCodeSent, delivery: deps.delivery };
      if (!musician) return answer;

      const code = newResetCode();
      const expiresAt = new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000);
      await resets.replace(musician.id, hashSecret(code), expiresAt);
      // Not awaited: a slow mail server must not make known emails answer slower than unknown ones.
      mailer.send(musician.email, code).catch((err: unknown) => {
        log.error({ err }, 'could not send the password reset email');
      });
      return deps.exposeResetCode ? { ...answer, reset_code: code } : answer;
    },

    async resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
      const musician = await musicians.findByEmail(body.email);
      const reset = musician && (await resets.findPending(musician.id));
      if (!reset) throw badRequest(messages.resetCodeInvalid);
      if (reset.attempts >= RESET_CODE_MAX_ATTEMPTS) throw badRequest(messages.resetCodeLocked);

      if (!sameHash(hashSecret(body.reset_code), reset.codeHash)) {
        const attempts = await resets.addFailedAttempt(reset.id);
        throw badRequest(
          attempts >= RESET_CODE_MAX_ATTEMPTS
            ? messages.resetCodeLocked
            : messages.resetCodeInvalid,
        );
      }

      const revoked = await resets.completeReset(reset, await hashPassword(body.new_password));
      if (!revoked) throw badRequest(messages.resetCodeInvalid);
      deps.onSessionsRevoked?.(revoked);
      return { message: messages.resetSuccess };
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
