import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  moveToSlug,
  readParam,
  recapFromPath,
  slugFromPath,
  writeParam,
} from './audience-location.ts';

/** The address bar and history of a page, enough for these helpers. */
function fakeWindow(start: string) {
  let url = new URL(start);
  const replaceState = vi.fn((_state: unknown, _title: string, next: string) => {
    url = new URL(next, url);
  });
  const location = {
    get href() {
      return url.href;
    },
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get hash() {
      return url.hash;
    },
  };
  return { location, history: { state: { key: 'router' }, replaceState } };
}

describe('the audience page’s address', () => {
  let win: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    win = fakeWindow('https://example.com/musician/ana-lima?sort=newest#top');
    vi.stubGlobal('window', win);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the slug of /musician/{slug}', () => {
    expect(slugFromPath()).toBe('ana-lima');
    expect(slugFromPath('/musician/caf%C3%A9/extra')).toBe('café');
    expect(slugFromPath('/musician/%E0%A4%A')).toBe('%E0%A4%A');
    expect(slugFromPath('/dashboard')).toBe('');
  });

  it("reads a show's setlist address, and nothing else as one", () => {
    expect(recapFromPath('/musician/ana-lima/shows/0b6c1f2e-1d2c-4c55-9c4e-1f0c2a7b9e11')).toEqual({
      slug: 'ana-lima',
      showId: '0b6c1f2e-1d2c-4c55-9c4e-1f0c2a7b9e11',
    });
    expect(recapFromPath('/musician/caf%C3%A9/shows/x/')).toEqual({ slug: 'café', showId: 'x' });
    expect(recapFromPath('/musician/ana-lima')).toBeNull();
    expect(recapFromPath('/musician/ana-lima/shows/')).toBeNull();
    expect(recapFromPath('/musician/ana-lima/shows/a/b')).toBeNull();
    expect(recapFromPath('/musician/%E0%A4%A/shows/x')).toBeNull();
  });

  it('reads and writes ?sort= without a new history entry', () => {
    expect(readParam('sort')).toBe('newest');
    writeParam('sort', 'random');
    expect(win.location.href).toBe('https://example.com/musician/ana-lima?sort=random#top');
    writeParam('sort', null);
    expect(win.location.href).toBe('https://example.com/musician/ana-lima#top');
    // The state a hosting router keeps is passed on.
    expect(win.history.replaceState).toHaveBeenCalledWith(
      { key: 'router' },
      '',
      expect.any(String),
    );
  });

  it('does not touch history when nothing changes', () => {
    writeParam('sort', 'newest');
    expect(win.history.replaceState).not.toHaveBeenCalled();
  });

  it('follows a renamed link, keeping the query', () => {
    moveToSlug('ana-lima-band');
    expect(win.location.href).toBe('https://example.com/musician/ana-lima-band?sort=newest#top');
  });
});
