import { PROOF_OF_WORK_MODES, type ProofOfWorkMode } from '#shared/schemas/proof-of-work.ts';
import { type StripeConfig, stripeConfig } from './features/payments/stripe-config.ts';
import {
  type WebPushConfig,
  webPushConfig,
} from './features/push-notifications/web-push-config.ts';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import type { DatabaseOptions } from './db/database.ts';

export interface AppConfig {
  port: number;
  host: string;
  /**
   * The audience host used in links and QR codes, e.g. https://songs.example.com. Unset, it is
   * http://localhost:{port} and GET /api/config answers the request's own origin instead.
   */
  publicUrl: string;
  database: DatabaseOptions;
  /** Several server processes share live events through it: REDIS_URL or REDIS_CLUSTER_NODES. */
  redis: RedisTarget | undefined;
  logLevel: string;
  /** development only: forgot-password answers carry the reset code (spec's "development text"). */
  exposeResetCode: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Shown to musicians as the address for help. */
  supportEmail: string | undefined;
  rateLimit: {
    authPerIpPerMinute: number;
    authPerEmailPerMinute: number;
    /** Audience submissions (requests, suggestions, clicks) per IP; a venue shares one IP. */
    publicWritesPerIpPerMinute: number;
    /** Audience reads of a song list per IP; a venue shares one address, so generous. */
    publicReadsPerIpPerMinute: number;
  };
  /** Folder of the built client; undefined serves the API only. */
  clientDir: string | undefined;
  /**
   * Which proxies in front may name the client's address in X-Forwarded-For (per-IP limits need
   * it behind one): none, the nearest N hops, or the proxies at these addresses or ranges.
   */
  trustProxy: TrustProxy;
  /** Song metadata (auto-fill): MusicBrainz on top of the bundled catalogue, which is always on. */
  metadata: {
    musicbrainzEnabled: boolean;
    musicbrainzUrl: string;
    musicbrainzTimeoutMs: number;
    /** MusicBrainz asks for at most one call a second per application. */
    musicbrainzMinIntervalMs: number;
    /** How long one import or Auto-fill All may spend on online lookups before answering. */
    enrichBudgetMs: number;
  };
  /** Playlist import; a platform without credentials answers 503 saying what to set. */
  playlistImport: {
    spotifyClientId: string | undefined;
    spotifyClientSecret: string | undefined;
    spotifyAccountsUrl: string;
    spotifyApiUrl: string;
    appleMusicToken: string | undefined;
    appleMusicApiUrl: string;
    timeoutMs: number;
  };
  /** Sign-in with an OpenID Connect provider; undefined hides the Continue button. */
  oidc: OidcConfig | undefined;
  /** Card payments (features/payments/stripe-config.ts); undefined: none. */
  stripe: StripeConfig | undefined;
  /** Pushes to a requester's phone (features/push-notifications/web-push-config.ts). */
  webPush: WebPushConfig;
  /** How much one audience member, and one musician's page, may submit (counted in the database). */
  limits: SubmissionLimits;
  /**
   * PROOF_OF_WORK: which audience writes must carry a solved ALTCHA challenge (proof-of-work/):
   * adaptive (every +1, and requests and suggestions under pressure), always, or off.
   */
  proofOfWork: ProofOfWorkMode;
  /** Live connections (Socket.IO), counted in each server process. */
  socketLimits: SocketLimits;
  /**
   * The clock the request window is read and scheduled by (musicians/request-window.ts). Unset,
   * the system's; tests hand in a clock they move.
   */
  clock?: () => Date;
  /**
   * The longest the request window scheduler sleeps before looking at the stored times again:
   * how late a process learns of a window set through another process (the one it was set
   * through wakes at the time itself).
   */
  requestWindowRecheckMs: number;
  /**
   * METRICS_TOKEN: GET /metrics answers only a request bearing it; unset, there is no /metrics
   * (and nothing is measured).
   */
  metricsToken: string | undefined;
  /**
   * DRAIN_SECONDS: after SIGTERM, how long the process answers GET /api/ready with 503 (so the
   * balancer takes it out) while still serving, before it stops taking requests and closes.
   */
  drainSeconds: number;
}

export interface RedisNode {
  host: string;
  port: number;
}

/** REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster). */
export type RedisTarget = { url: string } | { clusterNodes: RedisNode[] };

export interface SocketLimits {
  /** Sockets one client address may hold, audience pages and devices together: a venue shares one. */
  connectionsPerAddress: number;
  /** Emits one socket may send at once; past it, and past the refill, the socket is disconnected. */
  emitBurst: number;
  /** How fast that allowance refills. A page sends a few emits when it opens, then one a request. */
  emitsPerSecond: number;
}

/** TRUST_PROXY: off, a hop count, or addresses and CIDR ranges (proxy-addr's names allowed). */
export type TrustProxy = false | number | string[];

/** A number of submissions allowed in a sliding window of minutes. */
export interface SubmissionLimit {
  max: number;
  windowMinutes: number;
}

export interface SubmissionLimits {
  /** Requests by one requester (email or device) to one musician: a few songs an hour. */
  requestsPerRequester: SubmissionLimit;
  suggestionsPerRequester: SubmissionLimit;
  tipsPerRequester: SubmissionLimit;
  /**
   * Tips to one musician from one address, whatever X-Device-Id each names: a venue's phones
   * share one address, so a few phones' worth (not one phone's), in the tips' window.
   */
  tipsPerAddress: SubmissionLimit;
  /** Contact messages from one email address. */
  contactPerEmail: SubmissionLimit;
  /** Contact messages from one address, whatever email each names, in the contact window. */
  contactPerAddress: SubmissionLimit;
  /**
   * Requests, suggestions and tips to one musician per minute, each counted apart: a flood guard,
   * large enough for a crowd (docs/queue-rules.md, "One address's share").
   */
  perMusicianPerMinute: number;
  /**
   * Requests (and, counted apart, suggestions) to one musician per minute from one address: its
   * share of perMusicianPerMinute. A venue's whole crowd shares one address, so it is well above
   * a crowd's one request each, and well below the budget, so one address cannot use it up.
   */
  perAddressPerMinute: number;
  /**
   * +1s on one request from one address (the request itself counted), whatever names, emails
   * or device ids they give: what a full venue behind one router puts on one song. Past it a
   * +1 is answered as counted already, and counts nothing.
   */
  votesPerAddress: number;
}

export interface OidcConfig {
  /** The provider's issuer URL, where /.well-known/openid-configuration is found. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The text of the sign-in panel's button, e.g. "Continue with Google". */
  buttonLabel: string;
}

export const DEFAULT_OIDC_BUTTON_LABEL = 'Continue with single sign-on';

/**
 * Longer than the shipped balancer takes to see a failing readiness check (deploy/haproxy.cfg:
 * a first failure within `inter` 2 s, then two more `fastinter` 500 ms apart).
 */
export const DEFAULT_DRAIN_SECONDS = 5;

type Env = Record<string, string | undefined>;

/** A setting the server cannot start with; its message says which and what it should be. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function wholeNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number (0 or more), got "${raw}"`);
  }
  return value;
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy; a whole number trusts that many hops in
 * front (1 behind the shipped balancer, which writes X-Forwarded-For itself); else a comma list
 * of the proxies' addresses or CIDR ranges. `true` used to trust every address in the header,
 * so any client could name itself anything: it stops the start, saying what to set instead.
 */
function trustProxyConfig(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would believe any address a client writes into X-Forwarded-For; set how many proxies are in front (TRUST_PROXY=1 behind one balancer) or their addresses (TRUST_PROXY=10.0.0.2,10.1.0.0/16)',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((address) => address.trim());
  try {
    proxyAddr.compile(addresses);
  } catch {
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies or their addresses (e.g. 1, or 10.0.0.2,10.1.0.0/16), got "${raw}"`,
    );
  }
  return addresses;
}

/** A service's base URL without its trailing slash. */
function baseUrl(raw: string | undefined, fallback: string): string {
  return (raw || fallback).replace(/\/+$/, '');
}

function defaultPublicUrl(port: number): string {
  return `http://localhost:${port}`;
}

/**
 * Whether PUBLIC_URL was left unset (the localhost default): then links should use the address
 * the browser used instead. An operator who sets exactly the default gets the same behaviour,
 * which differs only when the page was opened elsewhere, where that address was wrong anyway.
 */
export function isDefaultPublicUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>): boolean {
  return config.publicUrl === defaultPublicUrl(config.port);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them: half a set
 * would show a button that can only fail, so it stops the start with the names that are missing.
 * The issuer must be https (plain http only on this machine, for a local test provider).
 */
function oidcConfig(env: Env): OidcConfig | undefined {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const [issuer, clientId, clientSecret] = names.map((name) => env[name]?.trim() || undefined);
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) {
    const missing = names.filter((name) => !env[name]?.trim());
    throw new ConfigError(
      `OIDC sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; missing ${missing.join(', ')}`,
    );
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new ConfigError(
      `OIDC_ISSUER must be a URL such as https://accounts.example.com, got "${issuer}"`,
    );
  }
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  ) {
    throw new ConfigError(
      `OIDC_ISSUER must be an https URL (http only for localhost), got "${issuer}"`,
    );
  }
  return {
    issuer,
    clientId,
    clientSecret,
    buttonLabel: env.OIDC_BUTTON_LABEL?.trim() || DEFAULT_OIDC_BUTTON_LABEL,
  };
}

/**
 * The checkout (or the image's /app): the nearest folder above this code that holds package.json.
 * This file runs from server/src, and from a build folder in server/dist (scripts/build-server.ts).
 */
function projectRoot(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return join(import.meta.dirname, '..', '..');
  }
}

/** Reads the whole configuration from the environment, with defaults that run anywhere. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = positiveInt(env, 'PORT', 3000);
  const dataDir = resolve(env.DATA_DIR || './data');
  const publicUrl = (env.PUBLIC_URL || defaultPublicUrl(port)).replace(/\/+$/, '');
  const supportEmail = env.SUPPORT_EMAIL || undefined;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', dataDir },
    redis: redisConfig(env),
    logLevel: env.LOG_LEVEL || 'info',
    exposeResetCode: env.NODE_ENV === 'development',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Song Requests <no-reply@localhost>',
    supportEmail,
    rateLimit: {
      authPerIpPerMinute: positiveInt(env, 'RATE_LIMIT_AUTH_PER_MINUTE', 30),
      authPerEmailPerMinute: positiveInt(env, 'RATE_LIMIT_AUTH_PER_EMAIL_PER_MINUTE', 10),
      publicWritesPerIpPerMinute: positiveInt(env, 'RATE_LIMIT_PUBLIC_PER_MINUTE', 600),
      publicReadsPerIpPerMinute: positiveInt(env, 'RATE_LIMIT_PUBLIC_READS_PER_MINUTE', 600),
    },
    clientDir: resolve(env.CLIENT_DIR || join(projectRoot(), 'client', 'dist')),
    trustProxy: trustProxyConfig(env.TRUST_PROXY),
    metadata: {
      musicbrainzEnabled: env.MUSICBRAINZ_ENABLED !== 'false',
      musicbrainzUrl: baseUrl(env.MUSICBRAINZ_URL, 'https://musicbrainz.org'),
      musicbrainzTimeoutMs: positiveInt(env, 'MUSICBRAINZ_TIMEOUT_MS', 3000),
      musicbrainzMinIntervalMs: 1000,
      enrichBudgetMs: positiveInt(env, 'METADATA_ENRICH_BUDGET_MS', 10_000),
    },
    playlistImport: {
      spotifyClientId: env.SPOTIFY_CLIENT_ID || undefined,
      spotifyClientSecret: env.SPOTIFY_CLIENT_SECRET || undefined,
      spotifyAccountsUrl: baseUrl(env.SPOTIFY_ACCOUNTS_URL, 'https://accounts.spotify.com'),
      spotifyApiUrl: baseUrl(env.SPOTIFY_API_URL, 'https://api.spotify.com'),
      appleMusicToken: env.APPLE_MUSIC_TOKEN || undefined,
      appleMusicApiUrl: baseUrl(env.APPLE_MUSIC_API_URL, 'https://api.music.apple.com'),
      timeoutMs: positiveInt(env, 'PLAYLIST_IMPORT_TIMEOUT_MS', 10_000),
    },
    oidc: oidcConfig(env),
    stripe: stripeConfig(env, (message) => new ConfigError(message)),
    webPush: webPushConfig(env, { publicUrl, supportEmail }, (message) => new ConfigError(message)),
    limits: limitsConfig(env),
    proofOfWork: proofOfWorkMode(env.PROOF_OF_WORK),
    socketLimits: {
      connectionsPerAddress: positiveInt(env, 'SOCKET_CONNECTIONS_PER_ADDRESS', 500),
      emitBurst: positiveInt(env, 'SOCKET_EMIT_BURST', 30),
      emitsPerSecond: positiveInt(env, 'SOCKET_EMITS_PER_SECOND', 5),
    },
    requestWindowRecheckMs: positiveInt(env, 'REQUEST_WINDOW_RECHECK_MS', 60_000),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    drainSeconds: wholeNumber(env, 'DRAIN_SECONDS', DEFAULT_DRAIN_SECONDS),
  };
}

/**
 * REDIS_URL names one Redis; REDIS_CLUSTER_NODES (host:port,host:port,...) some nodes of a Redis
 * Cluster, the rest found from them. Both at once would leave the processes on two buses.
 */
function redisConfig(env: Env): RedisTarget | undefined {
  const url = env.REDIS_URL?.trim() || undefined;
  const nodes = env.REDIS_CLUSTER_NODES?.trim() || undefined;
  if (url && nodes) {
    throw new ConfigError(
      'REDIS_URL and REDIS_CLUSTER_NODES are both set; set REDIS_URL for one Redis or REDIS_CLUSTER_NODES for a Redis Cluster, not both',
    );
  }
  if (url) return { url };
  if (!nodes) return undefined;
  return { clusterNodes: nodes.split(',').map((node) => redisNode(node.trim(), nodes)) };
}

function redisNode(node: string, raw: string): RedisNode {
  const match = /^(.+):(\d+)$/.exec(node);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) {
    throw new ConfigError(
      `REDIS_CLUSTER_NODES must be host:port pairs separated by commas (e.g. redis-1:6379,redis-2:6379), got "${raw}"`,
    );
  }
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port };
}

function proofOfWorkMode(raw: string | undefined): ProofOfWorkMode {
  const mode = raw?.trim() || 'adaptive';
  if (!(PROOF_OF_WORK_MODES as readonly string[]).includes(mode)) {
    throw new ConfigError(
      `PROOF_OF_WORK must be one of ${PROOF_OF_WORK_MODES.join(', ')}, got "${raw}"`,
    );
  }
  return mode as ProofOfWorkMode;
}

/** Defaults fit a real bar: a person asks for a few songs an hour, a venue shares one address. */
function limitsConfig(env: Env): SubmissionLimits {
  const limit = (prefix: string, max: number, windowMinutes: number): SubmissionLimit => ({
    max: positiveInt(env, `${prefix}_LIMIT_PER_REQUESTER`, max),
    windowMinutes: positiveInt(env, `${prefix}_LIMIT_WINDOW_MINUTES`, windowMinutes),
  });
  const tips = limit('TIP', 10, 10);
  const contact = {
    max: positiveInt(env, 'CONTACT_LIMIT_PER_EMAIL', 3),
    windowMinutes: positiveInt(env, 'CONTACT_LIMIT_WINDOW_MINUTES', 60),
  };
  return {
    requestsPerRequester: limit('REQUEST', 3, 10),
    suggestionsPerRequester: limit('SUGGESTION', 3, 10),
    tipsPerRequester: tips,
    tipsPerAddress: {
      max: positiveInt(env, 'TIP_LIMIT_PER_ADDRESS', 30),
      windowMinutes: tips.windowMinutes,
    },
    contactPerEmail: contact,
    contactPerAddress: {
      max: positiveInt(env, 'CONTACT_LIMIT_PER_ADDRESS', 10),
      windowMinutes: contact.windowMinutes,
    },
    perMusicianPerMinute: positiveInt(env, 'LIMIT_PER_MUSICIAN_PER_MINUTE', 1000),
    perAddressPerMinute: positiveInt(env, 'LIMIT_PER_ADDRESS_PER_MINUTE', 400),
    votesPerAddress: positiveInt(env, 'VOTE_LIMIT_PER_ADDRESS', 30),
  };
}
