import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_PATTERN } from '#shared/limits.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe("the phone's device id", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', memoryStorage());
  });

  it('is 22+ URL-safe characters, the shape the server accepts, and stays the same', async () => {
    const { deviceId } = await import('./device-id.ts');
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(deviceId()).toBe(id);
    // A reload (a fresh module) reads it back from storage.
    vi.resetModules();
    const reloaded = await import('./device-id.ts');
    expect(reloaded.deviceId()).toBe(id);
  });

  it('replaces a stored value of the wrong shape', async () => {
    localStorage.setItem('song-requests:device-id', 'nope');
    const { deviceId } = await import('./device-id.ts');
    expect(deviceId()).toMatch(DEVICE_ID_PATTERN);
  });
});
