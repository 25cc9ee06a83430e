import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { checkProfileForm, formValuesOf, withoutPrefix } from './profile-form.ts';
import { sectionOfFirstError } from './profile-sections.ts';

const musician: Musician = {
  id: 'm1',
  name: 'The Band',
  slug: 'the-band',
  card_tips: false,
  paid_request_price: null,
  card_payments_enabled: false,
  bio: '',
  website: '',
  venmo_link: '',
  paypal_username: '',
  venmo_username: '',
  cash_app_username: '',
  zelle_email: '',
  zelle_phone: '',
  instagram_username: '',
  facebook_username: '',
  tiktok_username: '',
  spotify_artist_url: '',
  apple_music_artist_url: '',
  venmo_enabled: true,
  paypal_enabled: true,
  cash_app_enabled: false,
  zelle_enabled: true,
  tips_enabled: true,
  requests_enabled: true,
  requests_open_at: null,
  requests_close_at: null,
  repeat_rule: 'allow',
  repeat_hours: 3,
  venue_screen_enabled: true,
  venue_screen_dedications: false,
  public_queue: false,
  show_recaps: false,
  email: 'band@example.com',
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
};

describe('profile form', () => {
  it('drops a typed @ or $ from the handles that are entered without one', () => {
    expect(withoutPrefix('venmo_username', '@band')).toBe('band');
    expect(withoutPrefix('tiktok_username', ' @band')).toBe('band');
    expect(withoutPrefix('cash_app_username', '$band')).toBe('band');
    expect(withoutPrefix('cash_app_username', '@band')).toBe('@band');
    expect(withoutPrefix('facebook_username', '@band')).toBe('@band');
  });

  it('sends the form fields only, never the design or On Stage switches', () => {
    const checked = checkProfileForm({ ...formValuesOf(musician), website: 'band.example.com' });
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({
        website: 'https://band.example.com',
        cash_app_enabled: false,
      }),
    });
    if (checked.ok) expect(Object.keys(checked.body)).not.toContain('tips_enabled');
  });

  it('reports each field with its own message', () => {
    const checked = checkProfileForm({
      ...formValuesOf(musician),
      name: ' ',
      slug: 'Not ok!',
      zelle_email: 'nope',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: messages.nameRequired,
        slug: messages.slugInvalid,
        zelle_email: messages.zelleEmailInvalid,
      },
    });
  });
});

describe('the repeat rule in the one profile form', () => {
  it('sends the hours only with the rule that uses them, and checks them', () => {
    const values = formValuesOf(musician);
    const allow = checkProfileForm({ ...values, repeat_hours: 'not a number' });
    expect(allow.ok && allow.body).toMatchObject({ repeat_rule: 'allow' });
    if (allow.ok) expect(Object.keys(allow.body)).not.toContain('repeat_hours');

    const hours = checkProfileForm({ ...values, repeat_rule: 'hours', repeat_hours: '5' });
    expect(hours.ok && hours.body).toMatchObject({ repeat_rule: 'hours', repeat_hours: 5 });

    for (const typed of ['', '1.5', 'abc']) {
      expect(checkProfileForm({ ...values, repeat_rule: 'hours', repeat_hours: typed })).toEqual({
        ok: false,
        errors: { repeat_hours: messages.repeatHoursInvalid },
      });
    }
  });

  it('sends the venue screen and public queue switches with the rest', () => {
    const checked = checkProfileForm({ ...formValuesOf(musician), venue_screen_enabled: false });
    expect(checked.ok && checked.body).toMatchObject({
      venue_screen_enabled: false,
      venue_screen_dedications: false,
      public_queue: false,
    });
  });

  it('sends the paid request price as dollars, or null when left empty (paid requests off)', () => {
    const priced = (typed: string) =>
      checkProfileForm({ ...formValuesOf(musician), paid_request_price: typed });
    expect(priced('5')).toMatchObject({ ok: true, body: { paid_request_price: 5 } });
    expect(priced(' $2.5 ')).toMatchObject({ ok: true, body: { paid_request_price: 2.5 } });
    expect(priced('')).toMatchObject({ ok: true, body: { paid_request_price: null } });
    for (const typed of ['0.49', '500.01', 'abc']) {
      expect(priced(typed)).toEqual({
        ok: false,
        errors: { paid_request_price: messages.paidRequestPriceInvalid },
      });
    }
    expect(sectionOfFirstError({ paid_request_price: 'x' })).toBe('payments');
  });

  it('shows a saved price as typed: whole dollars plain, else with cents', () => {
    expect(formValuesOf({ ...musician, paid_request_price: 5 }).paid_request_price).toBe('5');
    expect(formValuesOf({ ...musician, paid_request_price: 2.5 }).paid_request_price).toBe('2.50');
    expect(formValuesOf(musician).paid_request_price).toBe('');
  });
});
