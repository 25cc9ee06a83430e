import { describe, expect, it } from 'vitest';
import { audienceMessagesFr } from '#shared/i18n/audience-messages-fr.ts';
import { audienceMessagesPt } from '#shared/i18n/audience-messages-pt.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import {
  pushMessage,
  type PushMessageInput,
} from '#server/features/push-notifications/push-message.ts';

const base: PushMessageInput = {
  moment: 'played',
  locale: 'en',
  requestId: '6f1c7a64-3a52-4f4e-9d55-0a1f7e2f9b10',
  slug: 'the-band',
  songTitle: 'Yellow',
  songArtist: 'Coldplay',
  dedication: 'For Sarah',
  playedAt: new Date('2026-11-28T21:40:00Z'),
  timeZone: 'UTC',
};

describe('a push’s words', () => {
  it('say when it was played, on the phone’s clock, for its own dedication', () => {
    const at = new Date();
    const message = pushMessage({ ...base, playedAt: at, timeZone: 'Europe/Berlin' });
    const time = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Berlin',
      hour: 'numeric',
      minute: '2-digit',
    }).format(at);
    expect(message).toEqual({
      title: `Played at ${time}, for Sarah`,
      body: 'Yellow by Coldplay. Thank you for your request!',
      url: '/musician/the-band',
      tag: 'request-6f1c7a64-3a52-4f4e-9d55-0a1f7e2f9b10',
    });
  });

  it('say "for" once, and cut a long dedication short', () => {
    expect(pushMessage({ ...base, dedication: 'Sarah' }).title).toMatch(/, for Sarah$/);
    expect(pushMessage({ ...base, locale: 'fr', dedication: 'pour Léa' }).title).toMatch(
      /, pour Léa$/,
    );
    const long = pushMessage({ ...base, dedication: `For ${'a very long wish '.repeat(10)}` });
    expect(long.title.length).toBeLessThan(80);
    expect(long.title).toMatch(/…$/);
    expect(pushMessage({ ...base, dedication: '  ' }).title).toMatch(/^Played at .*: Yellow$/);
  });

  it('say the zone when the phone sent none', () => {
    expect(pushMessage({ ...base, playedAt: new Date(), timeZone: null }).title).toMatch(/UTC/);
  });

  it('offer the alternatives a rejection is handed, else the plain sentence', () => {
    const rejected = { ...base, moment: 'rejected' as const };
    expect(pushMessage(rejected).body).toBe(
      'The musician cannot play it tonight. Pick another song on the page.',
    );
    expect(
      pushMessage({ ...rejected, alternatives: ['Fix You', 'Clocks', 'Sparks', 'Trouble'] }).body,
    ).toBe('Maybe one of these instead: Fix You, Clocks, Sparks');
    expect(pushMessage({ ...rejected, locale: 'pt' }).body).toBe(
      audienceMessagesPt.pushRejectedBody,
    );
  });

  it('are worded in each language of the page, English for any other', () => {
    const titles = LOCALES.map(
      (locale) => pushMessage({ ...base, moment: 'up_next', locale }).title,
    );
    expect(new Set(titles).size).toBe(LOCALES.length);
    for (const title of titles) expect(title).toContain('Yellow');
    expect(pushMessage({ ...base, moment: 'up_next', locale: 'fr' }).title).toBe(
      audienceMessagesFr.pushUpNextTitle.replace('{song}', 'Yellow'),
    );
    expect(pushMessage({ ...base, moment: 'up_next', locale: 'xx' }).title).toBe(
      'Your song is next: Yellow',
    );
  });

  it('lead to the page under a slug as a path of this site', () => {
    expect(pushMessage({ ...base, slug: 'band with spaces' }).url).toBe(
      '/musician/band%20with%20spaces',
    );
  });
});
