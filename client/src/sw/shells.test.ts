import { describe, expect, it } from 'vitest';
import { APP_PAGES, pageAddress } from '#shared/app-pages.ts';
import { SHELLS, serviceWorkerUrl, shellOfScript } from './shells.ts';

const opensFromCache = (shell: keyof typeof SHELLS, address: string) =>
  SHELLS[shell].navigations.some((pattern) => pattern.test(address));

describe('the shells', () => {
  it("open the app's addresses from the cached index.html", () => {
    for (const address of [
      '/',
      '/dashboard',
      '/dashboard/',
      '/profile?code=abc&state=x',
      '/on-stage/the-band',
      '/on-stage/the-band?x=1',
      '/stage/pair?code=123',
    ]) {
      expect(opensFromCache('app', address), address).toBe(true);
    }
  });

  it("open every page of the app's router, the list the server answers with 200", () => {
    for (const page of Object.values(APP_PAGES)) {
      expect(opensFromCache('app', pageAddress(page)), page).toBe(true);
    }
  });

  it('leave every other address to the server (unknown pages, the overlay, the API)', () => {
    for (const address of [
      '/nope',
      '/dashboard/extra',
      '/on-stage/',
      '/on-stage/a/b',
      '/overlay/the-band',
      '/api/health',
      '/musician/the-band',
      '/index.html',
    ]) {
      expect(opensFromCache('app', address), address).toBe(false);
    }
  });

  it("open the audience page's addresses, and only those, from the cached audience.html", () => {
    expect(opensFromCache('audience', '/musician/the-band')).toBe(true);
    expect(opensFromCache('audience', '/musician/the-band/?sort=title')).toBe(true);
    for (const address of ['/musician/', '/musician/a/b', '/musician/a/manifest.webmanifest']) {
      expect(opensFromCache('audience', address), address).toBe(false);
    }
  });

  it('register one script per shell, and the worker knows which it is', () => {
    expect(serviceWorkerUrl('app')).toBe('/sw.js?shell=app');
    expect(shellOfScript(`https://example.com${serviceWorkerUrl('audience')}`)).toBe('audience');
    expect(shellOfScript(`https://example.com${serviceWorkerUrl('app')}`)).toBe('app');
    expect(shellOfScript('https://example.com/sw.js?shell=other')).toBe('app');
    // The audience scope sits inside the app's: the more specific registration wins there.
    expect(SHELLS.audience.scope.startsWith(SHELLS.app.scope)).toBe(true);
  });
});
