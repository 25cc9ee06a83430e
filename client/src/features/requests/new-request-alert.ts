import type { SongRequest } from '#shared/schemas/request.ts';

const NEW_REQUEST_TAG = 'new-request';
const TONE_HZ = 800;
const TONE_SECONDS = 0.5;
const TONE_VOLUME = 0.25;

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

/** The part of the Web Audio API the tone needs (a test hands in a fake). */
export type ToneContext = Pick<
  AudioContext,
  'state' | 'resume' | 'createOscillator' | 'createGain' | 'currentTime' | 'destination'
>;

export interface AlertSound {
  /** The alert sound: an 800 Hz tone for half a second (spec section 4). */
  play(): void;
}

/**
 * One audio context for the life of the page. Browsers start a context "suspended" until the
 * page has had a user gesture, so the first tap or key press anywhere resumes it; every tone
 * after that reuses it (a context per tone would be suspended again, and browsers cap them).
 */
export function createAlertSound(
  createContext: () => ToneContext | null,
  gestures: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
): AlertSound {
  let context: ToneContext | null = null;
  const ensure = () => {
    if (!context) {
      try {
        context = createContext();
      } catch {
        context = null;
      }
    }
    if (context?.state === 'suspended') void context.resume().catch(() => {});
    return context;
  };

  const unlock = () => {
    ensure();
    gestures.removeEventListener('pointerdown', unlock);
    gestures.removeEventListener('keydown', unlock);
  };
  gestures.addEventListener('pointerdown', unlock);
  gestures.addEventListener('keydown', unlock);

  return {
    play() {
      const audio = ensure();
      if (!audio) return;
      try {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.value = TONE_HZ;
        gain.gain.value = TONE_VOLUME;
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start();
        oscillator.stop(audio.currentTime + TONE_SECONDS);
      } catch {
        // No audio here: the screen itself still shows the request.
      }
    },
  };
}

let pageSound: AlertSound | null = null;

/** The page's one alert sound, listening for the first gesture from the moment it is asked for. */
export function alertSound(): AlertSound {
  pageSound ??= createAlertSound(
    () => (typeof AudioContext === 'undefined' ? null : new AudioContext()),
    window,
  );
  return pageSound;
}

/**
 * A browser notification that stays until dismissed (when allowed), and the tone in any case:
 * a notification can land silently on another screen, the tone reaches the stage.
 */
export function alertNewRequest(request: SongRequest, sound: AlertSound = alertSound()): void {
  if (notificationPermission() === 'granted') {
    try {
      new Notification('New song request', {
        body: `${request.song_title} by ${request.song_artist}, from ${request.requester_name}`,
        tag: NEW_REQUEST_TAG,
        requireInteraction: true,
      });
    } catch {
      // Some mobile browsers allow notifications only from a service worker: the tone remains.
    }
  }
  sound.play();
}
