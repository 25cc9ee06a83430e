import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says about one of its accounts. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestProviderOptions {
  /** 0 picks a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  /** The app's /profile address(es) the provider may send the browser back to. */
  redirectUris: string[];
  /**
   * The account behind a login name; by default every login is an account with a verified
   * address `<login>@example.com`, so the dev login form takes any name.
   */
  accounts?: Record<string, ProviderAccount>;
}

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

const defaultAccount = (login: string): ProviderAccount => ({
  email: `${login}@example.com`,
  email_verified: true,
  name: `Provider ${login}`,
});

/**
 * A real OpenID Connect provider (the certified `oidc-provider`) on 127.0.0.1, with its
 * development login and consent pages: any login name, any password.
 */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const account = options.accounts?.[id] ?? defaultAccount(id);
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // Set, so the provider does not print a notice for each default it uses.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Walks a browser's way through the provider without one: follows the authorization request,
 * signs in as `login` on the dev login form, consents, and returns the address the provider
 * sends the browser back to (the app's /profile with code, state and iss), without opening it.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const issuerOrigin = url.origin;
  let form: Record<string, string> | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      await response.body?.cancel();
      url = new URL(location, url);
      if (url.origin !== issuerOrigin) return url;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${page}`);
    // The dev pages post back to their own address: the login form, then the consent form.
    form = page.includes('name="login"')
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
  }
  throw new Error('the provider never sent the browser back');
}
