import { join, resolve } from 'node:path';
import type { DatabaseOptions } from './db/database.ts';

export interface AppConfig {
  port: number;
  host: string;
  /** The audience host used in links and QR codes, e.g. https://songs.example.com */
  publicUrl: string;
  database: DatabaseOptions;
  redisUrl: string | undefined;
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
  };
  /** Folder of the built client; undefined serves the API only. */
  clientDir: string | undefined;
  /** Trust X-Forwarded-For from a proxy in front (needed for per-IP limits behind one). */
  trustProxy: boolean;
}

type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

/** Reads the whole configuration from the environment, with defaults that run anywhere. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = positiveInt(env, 'PORT', 3000);
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    exposeResetCode: env.NODE_ENV === 'development',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Song Requests <no-reply@localhost>',
    supportEmail: env.SUPPORT_EMAIL || undefined,
    rateLimit: {
      authPerIpPerMinute: positiveInt(env, 'RATE_LIMIT_AUTH_PER_MINUTE', 30),
      authPerEmailPerMinute: positiveInt(env, 'RATE_LIMIT_AUTH_PER_EMAIL_PER_MINUTE', 10),
      publicWritesPerIpPerMinute: positiveInt(env, 'RATE_LIMIT_PUBLIC_PER_MINUTE', 600),
    },
    clientDir: resolve(env.CLIENT_DIR || join(import.meta.dirname, '../../client/dist')),
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
