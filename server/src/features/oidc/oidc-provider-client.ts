import * as client from 'openid-client';
import type { OidcConfig } from '#server/config.ts';

/** The sign-in request to send the browser to, and the secrets to keep until it comes back. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The provider's answer, as the browser brought it back to /profile. */
export interface AuthorizationAnswer {
  /** The /profile address the provider sent the browser to, rebuilt on this server's origin. */
  currentUrl: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Who the provider says signed in: the ID token's claims, completed from UserInfo. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** Thrown when the provider cannot be reached to discover its endpoints. */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

const DISCOVERY_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** Some providers (Cognito) send the boolean as text. */
const isTrue = (value: unknown) => value === true || value === 'true';
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * openid-client over one configured provider. Discovery happens on first use and is kept; a
 * provider that is down then does not stop the server, and the next sign-in tries again.
 */
export function oidcProviderClient(config: OidcConfig) {
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(config.issuer),
        config.clientId,
        undefined,
        // The OpenID Connect default every provider supports.
        client.ClientSecretBasic(config.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          // config.ts allows plain http only for a provider on this machine.
          execute:
            new URL(config.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new ProviderUnavailableError('OIDC discovery failed', { cause: error });
      });
    return discovered;
  }

  return {
    /** An authorization-code request with PKCE (S256), a fresh state and a fresh nonce. */
    async authorizationRequest(redirectUri: string): Promise<AuthorizationRequest> {
      const provider = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, codeVerifier, nonce };
    },

    /**
     * Exchanges the code at the token endpoint; openid-client checks the state, the issuer, the
     * PKCE verifier, the ID token's signature, audience and nonce. Throws on any mismatch.
     */
    async identify(answer: AuthorizationAnswer): Promise<ProviderIdentity> {
      const provider = await configuration();
      const tokens = await client.authorizationCodeGrant(provider, answer.currentUrl, {
        pkceCodeVerifier: answer.codeVerifier,
        expectedState: answer.state,
        expectedNonce: answer.nonce,
        idTokenExpected: true,
      });
      const claims: Record<string, unknown> = { ...tokens.claims() };
      const subject = String(claims.sub);
      // Many providers keep email and name out of the ID token and answer them from UserInfo.
      if (
        (claims.email === undefined || claims.email_verified === undefined) &&
        tokens.access_token
      ) {
        if (provider.serverMetadata().userinfo_endpoint) {
          Object.assign(claims, await client.fetchUserInfo(provider, tokens.access_token, subject));
        }
      }
      return {
        issuer: provider.serverMetadata().issuer,
        subject,
        email: text(claims.email),
        emailVerified: isTrue(claims.email_verified),
        name: text(claims.name) ?? text(claims.preferred_username) ?? text(claims.nickname),
      };
    },
  };
}

export type OidcProviderClient = ReturnType<typeof oidcProviderClient>;
