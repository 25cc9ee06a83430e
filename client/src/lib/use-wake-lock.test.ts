import { describe, expect, it, vi } from 'vitest';
import { screenWakeLock, type WakeLockStatus } from './use-wake-lock.ts';

/** A browser's navigator.wakeLock: each request answers a sentinel the test can release. */
function fakeWakeLock(options: { refuse?: boolean } = {}) {
  const sentinels: (WakeLockSentinel & { browserReleases(): void })[] = [];
  const request = vi.fn(async (type: WakeLockType) => {
    if (options.refuse) throw new DOMException('Battery saver is on', 'NotAllowedError');
    const target = new EventTarget();
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      target.dispatchEvent(new Event('release'));
    };
    // defineProperty, not Object.assign: the getter must stay a getter.
    Object.defineProperty(target, 'released', { get: () => released });
    const sentinel = Object.assign(target, {
      type,
      onrelease: null,
      release: vi.fn(release),
      // What the browser does when the page is hidden.
      browserReleases: () => void release(),
    }) as unknown as WakeLockSentinel & { browserReleases(): void };
    sentinels.push(sentinel);
    return sentinel;
  });
  return { wakeLock: { request }, request, sentinels };
}

/** The page's document: visible or hidden, telling its listeners when that changes. */
function fakeDocument() {
  const target = new EventTarget();
  let visibilityState: DocumentVisibilityState = 'visible';
  Object.defineProperty(target, 'visibilityState', { get: () => visibilityState });
  const document = target as unknown as Pick<
    Document,
    'visibilityState' | 'addEventListener' | 'removeEventListener'
  >;
  const show = (state: DocumentVisibilityState) => {
    visibilityState = state;
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return { document, show };
}

function setUp(options: { refuse?: boolean } = {}) {
  const fake = fakeWakeLock(options);
  const page = fakeDocument();
  const statuses: WakeLockStatus[] = [];
  const lock = screenWakeLock({
    wakeLock: fake.wakeLock,
    document: page.document,
    onChange: (status) => statuses.push(status),
  });
  return { ...fake, ...page, lock, statuses };
}

describe('screenWakeLock', () => {
  it('asks for the screen lock when started', async () => {
    const { lock, request, statuses } = setUp();
    expect(lock.status).toBe('off');
    await lock.start();
    expect(request).toHaveBeenCalledExactlyOnceWith('screen');
    expect(lock.status).toBe('on');
    expect(statuses).toEqual(['on']);
  });

  it('asks again when the page is visible again after the browser let go of it', async () => {
    const { lock, request, sentinels, show } = setUp();
    await lock.start();
    show('hidden');
    sentinels[0]!.browserReleases();
    expect(lock.status).toBe('off');
    expect(request).toHaveBeenCalledTimes(1);

    show('visible');
    await vi.waitFor(() => expect(lock.status).toBe('on'));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('does not ask twice while it holds the lock', async () => {
    const { lock, request, show } = setUp();
    await lock.start();
    await lock.start();
    show('visible');
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('lets go when stopped, and no longer follows the page', async () => {
    const { lock, request, sentinels, show } = setUp();
    await lock.start();
    await lock.stop();
    expect(sentinels[0]!.release).toHaveBeenCalled();
    expect(lock.status).toBe('off');
    show('hidden');
    show('visible');
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('gives the lock straight back when stopped while the browser was answering', async () => {
    const { lock, sentinels } = setUp();
    const starting = lock.start();
    await lock.stop();
    await starting;
    expect(sentinels[0]!.released).toBe(true);
    expect(lock.status).toBe('off');
  });

  it('waits for the page to be visible before asking (a hidden page is always refused)', async () => {
    const { lock, request, show } = setUp();
    show('hidden');
    await lock.start();
    expect(request).not.toHaveBeenCalled();
    show('visible');
    await vi.waitFor(() => expect(lock.status).toBe('on'));
  });

  it('says so when the browser refuses, without throwing, and tries again on return', async () => {
    const { lock, request, show } = setUp({ refuse: true });
    await expect(lock.start()).resolves.toBeUndefined();
    expect(lock.status).toBe('failed');
    show('hidden');
    show('visible');
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
  });

  it('does nothing where the browser has no wake lock', async () => {
    const { document } = fakeDocument();
    const onChange = vi.fn();
    const lock = screenWakeLock({ wakeLock: undefined, document, onChange });
    expect(lock.status).toBe('unsupported');
    await lock.start();
    await lock.stop();
    expect(lock.status).toBe('unsupported');
    expect(onChange).not.toHaveBeenCalled();
  });
});
