import { FRESH_SIGN_IN_MINUTES } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type {
  ChangeEmailBody,
  ChangeEmailResponse,
  ChangePasswordBody,
  DeleteAccountBody,
} from '#shared/schemas/auth.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import type { Session } from '#server/http/session.ts';
import { hashPassword, verifyPassword } from '#server/credentials/password-hasher.ts';
import type { SessionsRepository } from '#server/credentials/sessions-repository.ts';
import { toMusician, type MusicianRow } from '#server/musicians/musician-mapper.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import type { AccountRepository } from './account-repository.ts';

interface Deps {
  musicians: MusiciansRepository;
  account: AccountRepository;
  sessions: Pick<SessionsRepository, 'startedAt'>;
  events: DomainEvents;
}

/** Change email, change password, delete the account: each asks for proof first. */
export function accountService({ musicians, account, sessions, events }: Deps) {
  /** The musician, once the current password is proven; a wrong one is a 400 saying so. */
  async function withPassword(musicianId: string, password: string) {
    const musician = await musicians.findById(musicianId);
    if (!musician) throw notFound(messages.musicianNotFound);
    if (!(await verifyPassword(musician.passwordHash, password))) {
      throw badRequest(messages.currentPasswordIncorrect);
    }
    return musician;
  }

  /**
   * Deleting asks for the password too. An account made by an identity provider's sign-in has a
   * random one nobody knows, so for an account linked to a provider a sign-in of the last few
   * minutes is proof instead: whoever holds an old token cannot delete it.
   */
  async function proveForDeletion(session: Session, password: string): Promise<MusicianRow> {
    if (password) return withPassword(session.musicianId, password);
    const musician = await musicians.findById(session.musicianId);
    if (!musician) throw notFound(messages.musicianNotFound);
    if (musician.oidcSubject === null) throw badRequest(messages.deletePasswordRequired);
    const startedAt = await sessions.startedAt(session.sessionId);
    const freshSince = Date.now() - FRESH_SIGN_IN_MINUTES * 60_000;
    if (!startedAt || startedAt.getTime() < freshSince) {
      throw badRequest(messages.deleteNeedsFreshSignIn);
    }
    return musician;
  }

  return {
    /**
     * A change of credentials like the password's: this device stays signed in, every other one
     * (and every feed token) is signed out, and a reset code sent to the old address is void.
     */
    async changeEmail(session: Session, body: ChangeEmailBody): Promise<ChangeEmailResponse> {
      const musician = await withPassword(session.musicianId, body.current_password);
      if (musician.email.toLowerCase() === body.new_email) {
        throw badRequest(messages.newEmailSameAsCurrent);
      }
      try {
        const changed = await account.setEmail(
          session.musicianId,
          body.new_email,
          session.sessionId,
        );
        if (!changed) throw notFound(messages.musicianNotFound);
        const updated = toMusician(changed.row);
        events.sessionsRevoked(changed.revoked.sessionIds);
        events.feedTokensRevoked(changed.revoked.feedTokenIds);
        // This musician's devices still signed in (this one's other tabs) show the email too.
        events.publish({ musicianId: updated.id, name: 'profile:updated', payload: updated });
        return { message: messages.emailUpdated, musician: updated };
      } catch (error) {
        if (isUniqueViolation(error, 'musicians_email_lower_key')) {
          throw conflict(messages.emailTaken);
        }
        throw error;
      }
    },

    /** This device stays signed in; every other one is signed out and disconnected. */
    async changePassword(session: Session, body: ChangePasswordBody): Promise<{ message: string }> {
      await withPassword(session.musicianId, body.current_password);
      const revoked = await account.setPassword(
        session.musicianId,
        await hashPassword(body.new_password),
        session.sessionId,
      );
      events.sessionsRevoked(revoked.sessionIds);
      events.feedTokensRevoked(revoked.feedTokenIds);
      return { message: messages.passwordUpdated };
    },

    async deleteAccount(session: Session, body: DeleteAccountBody): Promise<{ message: string }> {
      await proveForDeletion(session, body.current_password);
      const ended = await account.deleteMusician(session.musicianId);
      if (!ended) throw notFound(messages.musicianNotFound);
      events.sessionsRevoked(ended.sessionIds);
      events.feedTokensRevoked(ended.feedTokenIds);
      return { message: messages.accountDeleted };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
