import { describe, expect, it } from 'vitest';
import { notificationTarget, readPushMessage, windowShowing } from './push-notifications.ts';

const ORIGIN = 'https://songs.example';
const SCOPE = `${ORIGIN}/musician/`;

describe('a push the worker receives', () => {
  it('shows the title, body, tag and address the server sent', () => {
    const data = JSON.stringify({
      title: 'Your song is next: Yellow',
      body: 'Yellow by Coldplay is coming up.',
      url: '/musician/the-band',
      tag: 'request-42',
    });
    expect(readPushMessage(data, SCOPE)).toEqual({
      title: 'Your song is next: Yellow',
      body: 'Yellow by Coldplay is coming up.',
      url: '/musician/the-band',
      tag: 'request-42',
    });
  });

  it('still shows something for a push it cannot read (one must be shown)', () => {
    for (const data of [null, '', 'not json', '42', 'null', '{"title": 7, "url": ["x"]}']) {
      expect(readPushMessage(data, SCOPE), String(data)).toEqual({
        title: 'Song Requests',
        body: '',
        url: SCOPE,
        tag: '',
      });
    }
  });
});

describe('a tapped notification', () => {
  it('opens its page on this origin, and never another site', () => {
    expect(notificationTarget('/musician/the-band', ORIGIN, SCOPE)).toBe(
      `${ORIGIN}/musician/the-band`,
    );
    expect(notificationTarget(`${ORIGIN}/musician/the-band?x=1`, ORIGIN, SCOPE)).toBe(
      `${ORIGIN}/musician/the-band?x=1`,
    );
    for (const url of ['https://evil.example/musician/x', '//evil.example/x', 42, undefined, '']) {
      expect(notificationTarget(url, ORIGIN, SCOPE), String(url)).toBe(SCOPE);
    }
  });

  it('focuses a window already on that page rather than opening another', () => {
    const windows = [
      { id: 'queue', url: `${ORIGIN}/musician/other-band` },
      { id: 'mine', url: `${ORIGIN}/musician/the-band/?checkout=done` },
    ];
    expect(windowShowing(windows, `${ORIGIN}/musician/the-band`)?.id).toBe('mine');
    expect(windowShowing(windows, `${ORIGIN}/musician/third-band`)).toBeUndefined();
  });
});
