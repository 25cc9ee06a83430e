import type { SongRequest } from '#shared/schemas/request.ts';

const NEW_REQUEST_TAG = 'new-request';
const TONE_HZ = 800;
const TONE_SECONDS = 0.5;

export type PermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function askNotificationPermission(): Promise<PermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** The alert sound: an 800 Hz tone for half a second (spec section 4). */
function playAlertTone(): void {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = TONE_HZ;
    gain.gain.value = 0.25;
    oscillator.connect(gain).connect(context.destination);
    oscillator.onended = () => void context.close();
    oscillator.start();
    oscillator.stop(context.currentTime + TONE_SECONDS);
  } catch {
    // No audio (or not allowed before the first tap): the screen itself still shows the request.
  }
}

/** A browser notification that stays until dismissed; the tone when notifications are off. */
export function alertNewRequest(request: SongRequest): void {
  if (notificationPermission() === 'granted') {
    try {
      new Notification('New song request', {
        body: `${request.song_title} by ${request.song_artist}, from ${request.requester_name}`,
        tag: NEW_REQUEST_TAG,
        requireInteraction: true,
      });
      return;
    } catch {
      // Some mobile browsers allow notifications only from a service worker: use the tone.
    }
  }
  playAlertTone();
}
