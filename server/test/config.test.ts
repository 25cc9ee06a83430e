import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('loadConfig', () => {
  it('runs with no env at all: port 3000, embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({
      kind: 'sqlite',
      dataDir: expect.stringMatching(/[/\\]data$/),
    });
    expect(config.redis).toBeUndefined();
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
    expect(config.redis).toEqual({ url: 'redis://cache:6379' });
    expect(config.publicUrl).toBe('https://songs.example.com');
    expect(config.exposeResetCode).toBe(true);
    expect(config.rateLimit.authPerIpPerMinute).toBe(5);
  });

  it('reads a Redis Cluster from REDIS_CLUSTER_NODES, and refuses it beside REDIS_URL', () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000, 10.0.0.2:7001' }).redis).toEqual({
      clusterNodes: [
        { host: 'redis-1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
    });
    expect(() =>
      loadConfig({ REDIS_URL: 'redis://cache:6379', REDIS_CLUSTER_NODES: 'redis-1:7000' }),
    ).toThrow(/REDIS_URL and REDIS_CLUSTER_NODES are both set/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1' })).toThrow(/host:port/);
  });

  it('reads the musician’s budget and one address’s share of it', () => {
    expect(loadConfig({}).limits).toMatchObject({
      perMusicianPerMinute: 1000,
      perAddressPerMinute: 400,
    });
    const config = loadConfig({
      LIMIT_PER_MUSICIAN_PER_MINUTE: '50',
      LIMIT_PER_ADDRESS_PER_MINUTE: '20',
    });
    expect(config.limits).toMatchObject({ perMusicianPerMinute: 50, perAddressPerMinute: 20 });
    expect(() => loadConfig({ LIMIT_PER_ADDRESS_PER_MINUTE: '0' })).toThrow(
      /LIMIT_PER_ADDRESS_PER_MINUTE/,
    );
  });

  it("reads the tips' and the contact form's caps per address, in their own windows", () => {
    expect(loadConfig({}).limits).toMatchObject({
      tipsPerAddress: { max: 30, windowMinutes: 10 },
      contactPerAddress: { max: 10, windowMinutes: 60 },
    });
    const config = loadConfig({
      TIP_LIMIT_PER_ADDRESS: '12',
      TIP_LIMIT_WINDOW_MINUTES: '5',
      CONTACT_LIMIT_PER_ADDRESS: '4',
    });
    expect(config.limits).toMatchObject({
      tipsPerAddress: { max: 12, windowMinutes: 5 },
      contactPerAddress: { max: 4, windowMinutes: 60 },
    });
    expect(() => loadConfig({ TIP_LIMIT_PER_ADDRESS: '0' })).toThrow(/TIP_LIMIT_PER_ADDRESS/);
  });

  it('refuses a PORT that is not a number, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('limits live connections generously by default: a venue shares one address', () => {
    expect(loadConfig({}).socketLimits).toEqual({
      connectionsPerAddress: 500,
      emitBurst: 30,
      emitsPerSecond: 5,
    });
    expect(
      loadConfig({
        SOCKET_CONNECTIONS_PER_ADDRESS: '2000',
        SOCKET_EMIT_BURST: '10',
        SOCKET_EMITS_PER_SECOND: '2',
      }).socketLimits,
    ).toEqual({ connectionsPerAddress: 2000, emitBurst: 10, emitsPerSecond: 2 });
    expect(() => loadConfig({ SOCKET_EMIT_BURST: '0' })).toThrow(/SOCKET_EMIT_BURST/);
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy unless set', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    });

    it("reads a number of hops, or the proxies' addresses and ranges", () => {
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
        '10.0.0.2',
        '10.1.0.0/16',
        'loopback',
      ]);
    });

    it('stops the start on true, which would believe any forged X-Forwarded-For', () => {
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
        /^TRUST_PROXY=true would believe any address .*TRUST_PROXY=1 behind one balancer/,
      );
    });

    it('refuses an address it cannot read, naming the setting', () => {
      expect(() => loadConfig({ TRUST_PROXY: 'the balancer' })).toThrow(
        /^TRUST_PROXY must be a number of proxies or their addresses/,
      );
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    });
  });

  describe('OIDC sign-in', () => {
    const full = {
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'songs',
      OIDC_CLIENT_SECRET: 's3cret',
    };

    it('is off without OIDC_* settings', () => {
      expect(loadConfig({}).oidc).toBeUndefined();
    });

    it('reads the three settings together, with a default button label', () => {
      expect(loadConfig(full).oidc).toEqual({
        issuer: 'https://id.example.com',
        clientId: 'songs',
        clientSecret: 's3cret',
        buttonLabel: 'Continue with single sign-on',
      });
      expect(loadConfig({ ...full, OIDC_BUTTON_LABEL: 'Continue with Google' }).oidc).toMatchObject(
        { buttonLabel: 'Continue with Google' },
      );
    });

    it('stops the start when a setting is missing, naming it', () => {
      expect(() => loadConfig({ ...full, OIDC_CLIENT_SECRET: '' })).toThrow(
        /together; missing OIDC_CLIENT_SECRET$/,
      );
      expect(() => loadConfig({ OIDC_ISSUER: full.OIDC_ISSUER })).toThrow(
        /missing OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
      );
    });

    it('wants an https issuer, allowing http only on this machine', () => {
      expect(() => loadConfig({ ...full, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER/);
      expect(() => loadConfig({ ...full, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/https/);
      expect(loadConfig({ ...full, OIDC_ISSUER: 'http://127.0.0.1:4329' }).oidc?.issuer).toBe(
        'http://127.0.0.1:4329',
      );
    });
  });
});
