import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('loadConfig', () => {
  it('runs with no env at all: port 3000, embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: expect.stringMatching(/data[/\\]pglite$/),
    });
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.exposeResetCode).toBe(false);
    expect(config.rateLimit.authPerIpPerMinute).toBe(30);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and reads the rest of the table', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://songs.example.com/',
      NODE_ENV: 'development',
      RATE_LIMIT_AUTH_PER_MINUTE: '5',
    });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/app' });
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.publicUrl).toBe('https://songs.example.com');
    expect(config.exposeResetCode).toBe(true);
    expect(config.rateLimit.authPerIpPerMinute).toBe(5);
  });

  it('refuses a PORT that is not a number, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
