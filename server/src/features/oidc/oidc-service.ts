import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { NAME_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { AuthResponse } from '#shared/schemas/auth.ts';
import type {
  OidcCallbackBody,
  OidcCallbackResponse,
  OidcCompleteBody,
} from '#shared/schemas/oidc.ts';
import { isUniqueViolation, isUnstorableText } from '#server/db/pg-errors.ts';
import { HttpError, unauthorized } from '#server/http/errors.ts';
import { hashPassword } from '#server/credentials/password-hasher.ts';
import { hashSecret, newSessionToken } from '#server/credentials/secrets.ts';
import type { MusicianRow } from '#server/musicians/musician-mapper.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { firstFreeSlug, slugify } from '#server/musicians/slug.ts';
import type { OidcFlowsRepository } from './oidc-flows-repository.ts';
import {
  ProviderUnavailableError,
  type OidcProviderClient,
  type ProviderIdentity,
} from './oidc-provider-client.ts';
import type { OidcSignupsRepository } from './oidc-signups-repository.ts';

interface Deps {
  provider: OidcProviderClient;
  flows: OidcFlowsRepository;
  signups: OidcSignupsRepository;
  musicians: MusiciansRepository;
  /** Starts the session as a password sign-in would (auth-service.ts), injected by services.ts. */
  auth: { signInVerified(musicianId: string): Promise<AuthResponse> };
  log: FastifyBaseLogger;
  /**
   * This server's public address (PUBLIC_URL): the provider sends the browser back to /profile
   * there. Never a request's Host header, which whoever sends the request chooses.
   */
  publicUrl: string;
}

/** How long a sign-in may take at the provider; the flow cookie lasts as long. */
export const FLOW_TTL_SECONDS = 10 * 60;
const FLOW_TTL_MS = FLOW_TTL_SECONDS * 1000;
const SIGNUP_TTL_MS = 30 * 60 * 1000;
const SLUG_ATTEMPTS = 5;
/** Where the provider sends the browser back: the spec's /profile page on the same origin. */
export const OIDC_RETURN_PATH = '/profile';

/**
 * A sign-in that did not work. The musician sees one message whatever the cause (an attacker
 * learns nothing from it); the cause goes to the log, never with a token, a code or an email.
 */
class SignInFailure extends Error {
  override readonly name = 'SignInFailure';
}

/**
 * A flow is stored under the hash of its state and the key in the browser's flow cookie, so only
 * the browser that started it finds it again.
 */
const flowHash = (state: string, browserKey: string) => hashSecret(`${state}\n${browserKey}`);

export function oidcService({ provider, flows, signups, musicians, auth, log, publicUrl }: Deps) {
  const returnUrl = `${publicUrl}${OIDC_RETURN_PATH}`;

  function fail(reason: string): never {
    throw new SignInFailure(reason);
  }

  /** Runs a step of the sign-in, turning every failure into the one 401 of the spec. */
  async function guarded<T>(step: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // A name with a character the database cannot store: the error handler's 400 says so.
      if (error instanceof HttpError || isUnstorableText(error)) throw error;
      if (error instanceof ProviderUnavailableError) {
        log.warn({ step, cause: describe(error.cause) }, 'oidc: provider unavailable');
        throw new HttpError(503, messages.oidcProviderUnavailable);
      }
      log.warn(
        { step, reason: error instanceof SignInFailure ? error.message : describe(error) },
        'oidc: sign-in failed',
      );
      throw unauthorized(messages.oidcFailed);
    }
  }

  async function sweepExpired(now = new Date()): Promise<{ flows: number; signups: number }> {
    return {
      flows: await flows.deleteExpiredBefore(now),
      signups: await signups.deleteExpiredBefore(now),
    };
  }

  /** The musician of this provider account: already linked, or linked now by verified email. */
  async function findOrLink(identity: ProviderIdentity & { email: string }) {
    const linked = await musicians.findByOidcAccount(identity.issuer, identity.subject);
    if (linked) return linked;
    const byEmail = await musicians.findByEmail(identity.email);
    if (!byEmail) return undefined;
    if (byEmail.oidcSubject !== null)
      fail('email belongs to a musician of another provider account');
    await musicians.update(byEmail.id, {
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
    });
    return byEmail;
  }

  /** A new musician with a free slug; no password works until they set one (forgot-password). */
  async function insertMusician(name: string, signup: ProviderIdentity & { email: string }) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const base = slugify(name);
    for (let attempt = 1; ; attempt++) {
      const slug = firstFreeSlug(base, await musicians.slugsLike(base));
      try {
        return await musicians.insert({
          name,
          email: signup.email,
          slug,
          passwordHash,
          oidcIssuer: signup.issuer,
          oidcSubject: signup.subject,
        });
      } catch (error) {
        // Someone took the same name a moment ago: look again.
        if (isUniqueViolation(error, 'musicians_slug_key') && attempt < SLUG_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return {
    sweepExpired,

    /**
     * The provider address to send the browser to, remembering the flow for its return, and the
     * key for the browser's flow cookie.
     */
    async start(): Promise<{ url: string; browserKey: string }> {
      return guarded('start', async () => {
        const request = await provider.authorizationRequest(returnUrl);
        const browserKey = newSessionToken();
        await flows.insert({
          stateHash: flowHash(request.state, browserKey),
          codeVerifier: request.codeVerifier,
          nonce: request.nonce,
          expiresAt: new Date(Date.now() + FLOW_TTL_MS),
        });
        // Abandoned sign-ins are cleared as new ones start, so the table stays small.
        await flows.deleteExpiredBefore(new Date());
        return { url: request.url, browserKey };
      });
    },

    /**
     * The provider's answer, brought back by the browser holding `browserKey` (its flow cookie):
     * signs in a known or linked musician, or holds the verified account under a one-time token
     * until the new musician chooses a stage name. An answer brought to another browser fails.
     */
    async callback(
      body: OidcCallbackBody,
      browserKey: string | undefined,
    ): Promise<OidcCallbackResponse> {
      return guarded('callback', async () => {
        const { code, state, iss } = body;
        if (!code || !state) fail('code or state missing');
        if (!browserKey) fail('flow not started in this browser (no flow cookie)');
        const flow = await flows.take(flowHash(state, browserKey));
        if (!flow) fail("unknown, used or expired state, or another browser's");
        const currentUrl = new URL(returnUrl);
        currentUrl.searchParams.set('code', code);
        currentUrl.searchParams.set('state', state);
        if (iss !== undefined) currentUrl.searchParams.set('iss', iss);
        const identity = await provider.identify({
          currentUrl,
          state,
          codeVerifier: flow.codeVerifier,
          nonce: flow.nonce,
        });
        const { email } = identity;
        if (!email) fail('provider sent no email');
        if (!identity.emailVerified) fail('email not verified by the provider');

        const musician = await findOrLink({ ...identity, email });
        if (musician) return auth.signInVerified(musician.id);

        const token = newSessionToken();
        await signups.insert({
          tokenHash: hashSecret(token),
          issuer: identity.issuer,
          subject: identity.subject,
          email: email.toLowerCase(),
          expiresAt: new Date(Date.now() + SIGNUP_TTL_MS),
        });
        await signups.deleteExpiredBefore(new Date());
        return {
          signup_token: token,
          email: email.toLowerCase(),
          suggested_name: (identity.name ?? '').slice(0, NAME_MAX_LENGTH),
        };
      });
    },

    /** A first sign-in's stage name: creates the musician and signs them in. */
    async complete(body: OidcCompleteBody): Promise<AuthResponse> {
      return guarded('complete', async () => {
        const signup = await signups.findLive(hashSecret(body.signup_token));
        if (!signup) fail('unknown, used or expired signup token');
        const identity = { ...signup, emailVerified: true, name: body.name };
        let musician: MusicianRow | undefined;
        try {
          musician = await insertMusician(body.name, identity);
        } catch (error) {
          // The same account or email arrived meanwhile (a second tab, a password sign-up):
          // the provider verified the email, so that musician is this person.
          if (!isUniqueViolation(error)) throw error;
          musician = await findOrLink(identity);
          if (!musician) throw error;
        }
        // Used up only once it worked, so a name the database refuses can be tried again.
        await signups.remove(signup.id);
        return auth.signInVerified(musician.id);
      });
    },
  };
}

/** An error's kind and message for the log: never its response body, which may hold tokens. */
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    error: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

export type OidcService = ReturnType<typeof oidcService>;
