import { SESSION_TTL_DAYS } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { AuthResponse, LoginBody, RegisterBody } from '#shared/schemas/auth.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import { conflict, unauthorized } from '#server/http/errors.ts';
import type { Session } from '#server/http/session.ts';
import { toMusician } from '#server/musicians/musician-mapper.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { firstFreeSlug, slugify } from '#server/musicians/slug.ts';
import {
  hashPassword,
  spendPasswordCheckTime,
  verifyPassword,
} from '#server/credentials/password-hasher.ts';
import { hashSecret, newSessionToken } from '#server/credentials/secrets.ts';
import type { SessionsRepository } from '#server/credentials/sessions-repository.ts';

interface Deps {
  musicians: MusiciansRepository;
  sessions: SessionsRepository;
  /** Told when sessions end, so live connections of those sessions can be closed. */
  onSessionsRevoked?: (sessionIds: string[]) => void;
}

const SLUG_ATTEMPTS = 5;

export function authService({ musicians, sessions, onSessionsRevoked }: Deps) {
  async function startSession(musicianId: string): Promise<string> {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 24 * 60 * 60 * 1000);
    await sessions.insert(musicianId, hashSecret(token), expiresAt);
    return token;
  }

  async function insertWithFreeSlug(body: RegisterBody, passwordHash: string) {
    const base = slugify(body.name);
    for (let attempt = 1; ; attempt++) {
      const slug = firstFreeSlug(base, await musicians.slugsLike(base));
      try {
        return await musicians.insert({ name: body.name, email: body.email, slug, passwordHash });
      } catch (error) {
        if (isUniqueViolation(error, 'musicians_email_lower_key'))
          throw conflict(messages.emailTaken);
        // Someone registered the same name a moment ago: look again.
        if (isUniqueViolation(error, 'musicians_slug_key') && attempt < SLUG_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return {
    async register(body: RegisterBody): Promise<AuthResponse> {
      if (await musicians.findByEmail(body.email)) throw conflict(messages.emailTaken);
      const musician = await insertWithFreeSlug(body, await hashPassword(body.password));
      return { musician: toMusician(musician), token: await startSession(musician.id) };
    },

    /** One answer for an unknown email and a wrong password, taking the same time. */
    async login(body: LoginBody): Promise<AuthResponse> {
      const musician = await musicians.findByEmail(body.email);
      if (!musician) {
        await spendPasswordCheckTime(body.password);
        throw unauthorized(messages.invalidCredentials);
      }
      if (!(await verifyPassword(musician.passwordHash, body.password))) {
        throw unauthorized(messages.invalidCredentials);
      }
      return { musician: toMusician(musician), token: await startSession(musician.id) };
    },

    /** Signs in a musician whose identity was proven elsewhere (an identity provider). */
    async signInVerified(musicianId: string): Promise<AuthResponse> {
      const musician = await musicians.findById(musicianId);
      if (!musician) throw unauthorized(messages.invalidCredentials);
      return { musician: toMusician(musician), token: await startSession(musician.id) };
    },

    async logout(session: Session): Promise<void> {
      await sessions.revoke(session.sessionId);
      onSessionsRevoked?.([session.sessionId]);
    },

    /** The session a bearer token belongs to, if it is still live. */
    async authenticate(token: string): Promise<Session | undefined> {
      const found = await sessions.findLive(hashSecret(token));
      return (
        found && {
          sessionId: found.id,
          musicianId: found.musicianId,
          scope: found.scope,
          stageDeviceId: found.stageDeviceId,
          expiresAt: found.expiresAt,
        }
      );
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
