import { describe, expect, it, vi } from 'vitest';
import { makeInstallable, musicianManifestUrl, onFirstControl } from './service-worker.ts';

interface FakeLink {
  rel: string;
  href: string;
}

/** A page's globals as makeInstallable sees them, recording what it does. */
function fakeEnv(overrides: { pathname?: string; readyState?: string; production?: boolean } = {}) {
  const head: FakeLink[] = [];
  const loadListeners: (() => void)[] = [];
  const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
  const env = {
    production: overrides.production ?? true,
    window: {
      addEventListener: vi.fn((type: string, listener: () => void) => {
        if (type === 'load') loadListeners.push(listener);
      }),
    },
    document: {
      readyState: overrides.readyState ?? 'complete',
      head: { append: (link: FakeLink) => head.push(link) },
      createElement: () => ({ rel: '', href: '' }),
      querySelector: () => head.find((link) => link.rel === 'manifest') ?? null,
    },
    location: { pathname: overrides.pathname ?? '/dashboard' },
    serviceWorker: { register },
    later: (work: () => void) => void settling.push(work),
  };
  const settling: (() => void)[] = [];
  return {
    env: env as unknown as NonNullable<Parameters<typeof makeInstallable>[1]>,
    head,
    register,
    load: () => loadListeners.forEach((listener) => listener()),
    /** The loaded page has settled: what waited for it runs. */
    settle: () => settling.splice(0).forEach((work) => work()),
  };
}

describe('musicianManifestUrl', () => {
  it("points an audience page at its musician's manifest", () => {
    expect(musicianManifestUrl('/musician/the-band')).toBe(
      '/api/musicians/the-band/manifest.webmanifest',
    );
    expect(musicianManifestUrl('/musician/the-band/')).toBe(
      '/api/musicians/the-band/manifest.webmanifest',
    );
  });

  it('keeps an odd slug inside its path segment', () => {
    expect(musicianManifestUrl('/musician/a%2F..%2Fb')).toBe(
      '/api/musicians/a%2F..%2Fb/manifest.webmanifest',
    );
    expect(musicianManifestUrl('/musician/%E0%A4%A')).toBeNull();
  });

  it('has none for other addresses', () => {
    for (const path of ['/', '/musician/', '/musician/a/b', '/on-stage/a', '/overlay/a']) {
      expect(musicianManifestUrl(path)).toBeNull();
    }
  });
});

describe('makeInstallable', () => {
  it("registers the app's worker for the whole site once the loaded page has settled", () => {
    const { env, register, load, settle } = fakeEnv({ readyState: 'loading' });
    makeInstallable('app', env);
    settle();
    expect(register).not.toHaveBeenCalled();
    load();
    // Loaded, not settled yet: the first paint and taps come first.
    expect(register).not.toHaveBeenCalled();
    settle();
    expect(register).toHaveBeenCalledWith('/sw.js?shell=app', { scope: '/' });
  });

  it("registers the audience page's worker for /musician/ and links the musician's manifest", () => {
    const { env, register, head, settle } = fakeEnv({ pathname: '/musician/the-band' });
    makeInstallable('audience', env);
    settle();
    expect(register).toHaveBeenCalledWith('/sw.js?shell=audience', { scope: '/musician/' });
    expect(head).toEqual([
      { rel: 'manifest', href: '/api/musicians/the-band/manifest.webmanifest' },
    ]);
  });

  it('registers nothing in development, but still links the manifest', () => {
    const { env, register, head, settle } = fakeEnv({ pathname: '/musician/x', production: false });
    makeInstallable('audience', env);
    settle();
    expect(register).not.toHaveBeenCalled();
    expect(head).toHaveLength(1);
  });

  it('does nothing where service workers do not exist, and survives a refused registration', async () => {
    const { env } = fakeEnv();
    expect(() => makeInstallable('app', { ...env, serviceWorker: undefined })).not.toThrow();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = fakeEnv();
    refused.register.mockRejectedValueOnce(new Error('SecurityError'));
    makeInstallable('app', refused.env);
    refused.settle();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});

describe('onFirstControl', () => {
  /** navigator.serviceWorker as onFirstControl sees it: a controller, and its change event. */
  function fakeContainer(controlled: boolean) {
    const listeners: (() => void)[] = [];
    const container = {
      controller: controlled ? ({} as ServiceWorker) : null,
      addEventListener: vi.fn(
        (type: string, listener: () => void, options?: { once?: boolean }) => {
          expect(type).toBe('controllerchange');
          expect(options).toEqual({ once: true });
          listeners.push(listener);
        },
      ),
    };
    return {
      container: container as unknown as ServiceWorkerContainer,
      takeControl: () => listeners.splice(0).forEach((listener) => listener()),
    };
  }

  it('runs the work when a worker takes control of a page that loaded without one', () => {
    const { container, takeControl } = fakeContainer(false);
    const work = vi.fn();
    onFirstControl(work, container);
    expect(work).not.toHaveBeenCalled();
    takeControl();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a page a worker already controls, or without service workers', () => {
    const { container, takeControl } = fakeContainer(true);
    const work = vi.fn();
    onFirstControl(work, container);
    takeControl();
    onFirstControl(work, undefined);
    expect(work).not.toHaveBeenCalled();
  });
});
