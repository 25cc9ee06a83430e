import { afterEach, describe, expect, it } from 'vitest';
import { makeMusician } from '#client-test/musician-factory.ts';
import { applyLocale, audienceT } from './i18n/audience-i18n.ts';
import { requestWindowNotice, type Translate } from './request-window-notice.ts';

const now = Date.parse('2026-11-25T20:48:00Z');
const t = (...args: Parameters<Translate>) => (audienceT as unknown as Translate)(...args);

afterEach(() => applyLocale('en'));

describe('the request window on the audience page', () => {
  it('counts down to the close while requests are on', () => {
    const musician = makeMusician({ requests_close_at: '2026-11-25T21:00:00Z' });
    expect(requestWindowNotice(musician, now, t, 'en')).toBe('Requests close in 12 minutes');
    expect(requestWindowNotice(musician, now + 11.5 * 60_000, t, 'en')).toBe(
      'Requests close in 1 minute',
    );
  });

  it('says when they open, on the phone’s clock in its language', () => {
    const opensAt = new Date(now + 72 * 60_000);
    const musician = makeMusician({
      requests_enabled: false,
      requests_open_at: opensAt.toISOString(),
      requests_close_at: '2026-11-25T23:00:00Z',
    });
    const clock = opensAt.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(requestWindowNotice(musician, now, t, 'en')).toBe(`Requests open at ${clock}`);
  });

  it('says nothing without a time ahead, or when requests are off by hand', () => {
    expect(requestWindowNotice(makeMusician(), now, t, 'en')).toBeNull();
    const closed = makeMusician({ requests_close_at: '2026-11-25T20:00:00Z' });
    expect(requestWindowNotice(closed, now, t, 'en')).toBeNull();
    const offByHand = makeMusician({
      requests_enabled: false,
      requests_close_at: '2026-11-25T21:00:00Z',
    });
    expect(requestWindowNotice(offByHand, now, t, 'en')).toBeNull();
  });

  it('speaks the page’s language', async () => {
    await applyLocale('de');
    const musician = makeMusician({ requests_close_at: '2026-11-25T21:00:00Z' });
    expect(requestWindowNotice(musician, now, t, 'de')).toBe('Songwünsche schließen in 12 Minuten');
    await applyLocale('es');
    const opening = makeMusician({ requests_open_at: '2026-11-25T21:00:00Z' });
    const clock = new Date('2026-11-25T21:00:00Z').toLocaleTimeString('es-ES', {
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(requestWindowNotice(opening, now, t, 'es')).toBe(`Las peticiones abren a las ${clock}`);
  });
});
