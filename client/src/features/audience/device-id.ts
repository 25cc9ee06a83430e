import { DEVICE_ID_PATTERN } from '#shared/limits.ts';

const STORAGE_KEY = 'song-requests:device-id';
let memory: string | null = null;

/** 16 random bytes in base64url: 22 characters, the shape the server accepts. */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * This phone's random id, kept in localStorage and sent as X-Device-Id with every submission,
 * so the musician's limits and blocklist can tell one phone from the next at a shared venue
 * address. It names nobody; clearing the browser's storage makes a new one.
 */
export function deviceId(): string {
  if (memory) return memory;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && DEVICE_ID_PATTERN.test(stored)) return (memory = stored);
    memory = newDeviceId();
    localStorage.setItem(STORAGE_KEY, memory);
  } catch {
    // Storage refused (private mode): an id for as long as the page lives.
    memory ??= newDeviceId();
  }
  return memory;
}
