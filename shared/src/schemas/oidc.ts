import { z } from 'zod';
import { AuthResponse, RegisterBody } from './auth.ts';

// Generous bounds: providers' codes and states are opaque, but none is near a kilobyte.
const OPAQUE_MAX_LENGTH = 2048;
const opaque = z.string().max(OPAQUE_MAX_LENGTH);

/**
 * What the provider put in the /profile address: the client hands it over as it came. A missing
 * or odd value is not a form error for the musician but a failed sign-in, so every field is
 * optional here (a wrong one counts as missing) and the service answers the one failure message.
 */
export const OidcCallbackBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    code: opaque.optional().catch(undefined),
    state: opaque.optional().catch(undefined),
    /** The issuer the provider names in its answer (RFC 9207), checked by the client library. */
    iss: opaque.optional().catch(undefined),
  }),
);
export type OidcCallbackBody = z.infer<typeof OidcCallbackBody>;

/** A first sign-in: the provider account is verified, the musician still needs a stage name. */
export const OidcSignupResponse = z.object({
  signup_token: z.string(),
  email: z.string(),
  /** The name the provider knows, to start the stage-name field with (may be empty). */
  suggested_name: z.string(),
});
export type OidcSignupResponse = z.infer<typeof OidcSignupResponse>;

/** Signed in (a known or linked account), or asked for a stage name first. */
export const OidcCallbackResponse = z.union([AuthResponse, OidcSignupResponse]);
export type OidcCallbackResponse = z.infer<typeof OidcCallbackResponse>;

/** The stage name follows the register form's rule. */
export const OidcCompleteBody = z.object({
  /** A missing or malformed token is a failed sign-in (401), not a form error. */
  signup_token: opaque.catch(''),
  name: RegisterBody.shape.name,
});
export type OidcCompleteBody = z.infer<typeof OidcCompleteBody>;
