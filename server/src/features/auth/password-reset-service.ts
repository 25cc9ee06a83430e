import type { FastifyBaseLogger } from 'fastify';
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_REISSUE_SECONDS,
  RESET_CODE_TTL_MINUTES,
} from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { ForgotPasswordResponse, ResetPasswordBody } from '#shared/schemas/auth.ts';
import { badRequest } from '#server/http/errors.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { hashPassword } from '#server/credentials/password-hasher.ts';
import type { PasswordResetsRepository } from './password-resets-repository.ts';
import type { ResetCodeMailer } from './reset-code-mailer.ts';
import { hashSecret, newResetCode } from '#server/credentials/secrets.ts';

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
  /** Told which feed tokens a reset deleted, so the feeds open with them close too. */
  onFeedTokensRevoked?: (tokenIds: string[]) => void;
}

export function passwordResetService(deps: Deps) {
  const { musicians, resets, mailer, log } = deps;
  /** Codes being stored right now, by musician: a reset waits for its code to be written. */
  const storing = new Map<string, Promise<unknown>>();

  /** Stores and mails the code, unless a code was issued moments ago; says whether it did. */
  async function storeAndSend(musicianId: string, email: string, code: string): Promise<boolean> {
    const now = Date.now();
    const issued = await resets.issue(
      musicianId,
      hashSecret(code),
      new Date(now + RESET_CODE_TTL_MINUTES * 60_000),
      new Date(now - RESET_CODE_REISSUE_SECONDS * 1000),
    );
    if (issued) await mailer.send(email, code);
    return issued;
  }

  return {
    /**
     * Same answer whether or not the email has an account, and in the same time: both paths
     * cost one lookup and forget this address's wrong codes for the email (the locked message
     * says to ask for a new code), and storing and mailing a code happen after the answer, so
     * timing cannot tell which emails have accounts.
     */
    async requestCode(email: string, address: string): Promise<ForgotPasswordResponse> {
      const musician = await musicians.findByEmail(email);
      await resets.forgetGuesses(hashSecret(email), address);
      const answer = { message: messages.resetCodeSent, delivery: deps.delivery };
      if (!musician) return answer;

      const code = newResetCode();
      // After the one before it, so a second request sees the code the first one stored.
      const previous = storing.get(musician.id) ?? Promise.resolve();
      const work = previous
        .then(() => storeAndSend(musician.id, musician.email, code))
        .catch((err: unknown) => {
          log.error({ err }, 'could not store or send a password reset code');
          return false;
        });
      storing.set(musician.id, work);
      void work.finally(() => {
        if (storing.get(musician.id) === work) storing.delete(musician.id);
      });
      // Development shows the code on screen, so there the answer waits for it to be stored.
      if (deps.exposeResetCode && (await work)) return { ...answer, reset_code: code };
      return answer;
    },

    /**
     * Wrong codes count per email and address: five lock that address out of the email's codes
     * until it asks for a new one, never the owner typing on another. Counted the same for an
     * email with no account, so no answer tells whether it has one.
     */
    async resetPassword(body: ResetPasswordBody, address: string): Promise<{ message: string }> {
      const guesses = { emailHash: hashSecret(body.email), address };
      if ((await resets.wrongGuesses(guesses)) >= RESET_CODE_MAX_ATTEMPTS) {
        throw badRequest(messages.resetCodeLocked);
      }
      const musician = await musicians.findByEmail(body.email);
      if (musician) await storing.get(musician.id);
      const reset = musician && (await resets.findLive(musician.id, hashSecret(body.reset_code)));
      if (!reset) {
        const expiresAt = new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000);
        const attempts = await resets.addWrongGuess(guesses, expiresAt);
        throw badRequest(
          attempts >= RESET_CODE_MAX_ATTEMPTS
            ? messages.resetCodeLocked
            : messages.resetCodeInvalid,
        );
      }

      const revoked = await resets.completeReset(reset, await hashPassword(body.new_password));
      if (!revoked) throw badRequest(messages.resetCodeInvalid);
      await resets.forgetGuesses(guesses.emailHash);
      deps.onSessionsRevoked?.(revoked.sessionIds);
      deps.onFeedTokensRevoked?.(revoked.feedTokenIds);
      return { message: messages.resetSuccess };
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
