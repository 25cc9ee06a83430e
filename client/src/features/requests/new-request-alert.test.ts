import { afterEach, describe, expect, it, vi } from 'vitest';
import { songRequest } from '#client-test/request-factory.ts';
import { alertNewRequest, createAlertSound, type ToneContext } from './new-request-alert.ts';

/** Enough of an AudioContext to see what the tone does with it. */
function fakeContext() {
  const oscillators: { frequency: number; started: boolean; stopAt: number | null }[] = [];
  const context = {
    state: 'suspended' as AudioContextState,
    currentTime: 10,
    destination: {},
    resume: vi.fn(() => {
      context.state = 'running';
      return Promise.resolve();
    }),
    createGain: () => ({ gain: { value: 1 }, connect: (next: unknown) => next }),
    createOscillator: () => {
      const record = { frequency: 0, started: false, stopAt: null as number | null };
      oscillators.push(record);
      return {
        type: 'square',
        frequency: {
          set value(hz: number) {
            record.frequency = hz;
          },
        },
        connect: (next: unknown) => next,
        start: () => (record.started = true),
        stop: (at: number) => (record.stopAt = at),
      };
    },
  };
  return { context, oscillators };
}

describe('new request alert', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates one audio context on the first gesture, resumes it, and reuses it', () => {
    const { context, oscillators } = fakeContext();
    const create = vi.fn(() => context as unknown as ToneContext);
    const page = new EventTarget();
    const sound = createAlertSound(create, page);
    expect(create).not.toHaveBeenCalled();

    page.dispatchEvent(new Event('pointerdown'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(context.resume).toHaveBeenCalledTimes(1);
    expect(context.state).toBe('running');
    // Only the first gesture: the listeners are gone.
    page.dispatchEvent(new Event('keydown'));
    expect(context.resume).toHaveBeenCalledTimes(1);

    sound.play();
    sound.play();
    expect(create).toHaveBeenCalledTimes(1);
    expect(oscillators).toEqual([
      { frequency: 800, started: true, stopAt: 10.5 },
      { frequency: 800, started: true, stopAt: 10.5 },
    ]);
  });

  it('plays the tone even when notifications are granted, besides the notification', () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options: NotificationOptions) {
          shown.push({ title, options });
        }
      },
    );
    const { context, oscillators } = fakeContext();
    const page = new EventTarget();
    const sound = createAlertSound(() => context as unknown as ToneContext, page);
    page.dispatchEvent(new Event('keydown'));

    alertNewRequest(songRequest({ song_title: 'Jolene', song_artist: 'Dolly Parton' }), sound);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.options).toMatchObject({ tag: 'new-request', requireInteraction: true });
    expect(shown[0]?.options.body).toContain('Jolene by Dolly Parton');
    expect(oscillators).toHaveLength(1);
    expect(oscillators[0]?.started).toBe(true);
  });

  it('still tries to resume when a request comes before any tap', () => {
    const { context, oscillators } = fakeContext();
    const sound = createAlertSound(() => context as unknown as ToneContext, new EventTarget());
    sound.play();
    expect(context.resume).toHaveBeenCalledTimes(1);
    expect(oscillators).toHaveLength(1);
  });
});
