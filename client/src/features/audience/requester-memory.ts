import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/limits.ts';
import { NUL } from '#shared/nul-character.ts';

/**
 * The requester's name and email, remembered on this phone: a person requests several songs a
 * night and types them once. What comes back is what the form's fields could hold (trimmed, no
 * NUL, within their lengths), whatever another script or an old version left under the key.
 */
export interface Requester {
  name: string;
  email: string;
}

const KEY = 'song-requests:requester';
const NOBODY: Requester = { name: '', email: '' };

/** A stored field as the form would take it; anything but a string reads as empty. */
function fieldOf(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  let text = value.replaceAll(NUL, '').trim().slice(0, maxLength);
  // Cut in the middle of an emoji: drop its lone first half.
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  return text.trim();
}

export function recallRequester(storage?: Pick<Storage, 'getItem'>): Requester {
  try {
    // Reading `localStorage` itself throws where storage is blocked (some private modes).
    const stored: unknown = JSON.parse((storage ?? localStorage).getItem(KEY) ?? 'null');
    if (stored === null || typeof stored !== 'object') return NOBODY;
    const { name, email } = stored as Record<string, unknown>;
    return { name: fieldOf(name, NAME_MAX_LENGTH), email: fieldOf(email, EMAIL_MAX_LENGTH) };
  } catch {
    return NOBODY;
  }
}

export function rememberRequester(requester: Requester, storage?: Pick<Storage, 'setItem'>): void {
  try {
    const name = fieldOf(requester.name, NAME_MAX_LENGTH);
    const email = fieldOf(requester.email, EMAIL_MAX_LENGTH);
    (storage ?? localStorage).setItem(KEY, JSON.stringify({ name, email }));
  } catch {
    // Refused storage (full, blocked): they type it again next time.
  }
}
