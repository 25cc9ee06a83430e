import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { EMPTY_MONEY, type Requester } from '#shared/schemas/analytics.ts';
import {
  createSong,
  paymentApps,
  registerMusician,
  sendReceivedTip,
  sendTip,
  submitRequest,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { analyticsReads } from './analytics-reads.ts';
import { localDate, requestAt, seedEvening, TZ } from './analytics-seed.ts';

const { app } = await startTestApp();

const { get, daily } = analyticsReads(app);

const tz = `tz=${encodeURIComponent(TZ)}`;
const requester = (fields: Partial<Requester>) => ({
  first_request_at: expect.any(String),
  last_request_at: expect.any(String),
  ...fields,
});

describe('GET /api/analytics/daily', () => {
  it('answers totals, top lists and every day of the period, by the musician’s days', async () => {
    const musician = await seedEvening(app);
    const body = await daily(musician, `?days=3&${tz}`);
    expect(body.days).toBe(3);
    expect(body.time_zone).toBe(TZ);
    expect(body.totals).toEqual({
      total_requests: 5,
      unique_requesters: 3,
      requests_with_tips: 2,
      total_tips: 15,
    });
    expect(body.daily).toEqual([
      { date: localDate(2), requests: 1, requests_with_tips: 1, tips: 5 },
      { date: localDate(1), requests: 2, requests_with_tips: 1, tips: 10 },
      { date: localDate(0), requests: 2, requests_with_tips: 0, tips: 0 },
    ]);
    expect(body.top_songs).toEqual([
      { song: 'Wonderwall', artist: 'Oasis', count: 3 },
      { song: 'Jolene', artist: 'Dolly Parton', count: 1 },
      { song: 'Valerie', artist: 'Amy Winehouse', count: 1 },
    ]);
    expect(body.top_requesters).toEqual([
      requester({
        requester_name: 'Bob',
        email: 'bob@example.com',
        request_count: 2,
        total_tips: 10,
      }),
      requester({
        requester_name: 'Annie',
        email: 'ann@example.com',
        request_count: 2,
        total_tips: 5,
      }),
      requester({ requester_name: 'Cy', email: 'cy@example.com', request_count: 1, total_tips: 0 }),
    ]);
  });

  it('fills days without requests with zeros and leaves older requests out', async () => {
    const musician = await seedEvening(app);
    const week = await daily(musician, `?days=7&${tz}`);
    expect(week.daily.map((day) => day.date)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((daysAgo) => localDate(daysAgo)),
    );
    expect(week.daily.slice(0, 4).every((day) => day.requests === 0 && day.tips === 0)).toBe(true);
    expect(week.totals.total_requests).toBe(5);

    const today = await daily(musician, `?days=1&${tz}`);
    expect(today.daily).toEqual([
      { date: localDate(0), requests: 2, requests_with_tips: 0, tips: 0 },
    ]);
    expect(today.totals).toEqual({
      total_requests: 2,
      unique_requesters: 2,
      requests_with_tips: 0,
      total_tips: 0,
    });
    expect(today.top_requesters.map((row) => row.email)).toEqual([
      'bob@example.com',
      'cy@example.com',
    ]);
  });

  it('covers all time without days, from the first request’s day', async () => {
    const musician = await seedEvening(app);
    const song = await createSong(app, musician, { title: 'Hallelujah', artist: 'Leonard Cohen' });
    const old = await submitRequest(app, song, {
      requester_name: 'Dee',
      requester_email: 'd@x.io',
    });
    await requestAt(app, old.id, 400, '20:00');

    const body = await daily(musician, `?${tz}`);
    expect(body.days).toBeNull();
    expect(body.totals.total_requests).toBe(6);
    expect(body.totals.unique_requesters).toBe(4);
    expect(body.daily).toHaveLength(401);
    expect(body.daily[0]).toEqual({
      date: localDate(400),
      requests: 1,
      requests_with_tips: 0,
      tips: 0,
    });
    expect(body.daily.at(-1)?.date).toBe(localDate(0));
    expect(body.daily.reduce((sum, day) => sum + day.requests, 0)).toBe(6);

    const lastYear = await daily(musician, `?days=365&${tz}`);
    expect(lastYear.totals.total_requests).toBe(5);
  });

  it('counts days in UTC without a time zone', async () => {
    const musician = await seedEvening(app);
    const body = await daily(musician, '');
    expect(body.time_zone).toBe('UTC');
    // 23:30 in New York two days ago is already the next day in UTC: the series starts there.
    expect(body.daily[0]).toEqual({
      date: localDate(1),
      requests: 3,
      requests_with_tips: 2,
      tips: 15,
    });
  });

  it('answers an empty period for a musician without requests', async () => {
    const musician = await registerMusician(app);
    const body = await daily(musician, `?${tz}`);
    expect(body).toEqual({
      days: null,
      time_zone: TZ,
      daily: [],
      totals: { total_requests: 0, unique_requesters: 0, requests_with_tips: 0, total_tips: 0 },
      top_songs: [],
      top_requesters: [],
      money: EMPTY_MONEY,
    });
    const week = await daily(musician, `?days=7&${tz}`);
    expect(week.daily).toHaveLength(7);
  });

  it('shows each musician only their own requests', async () => {
    await seedEvening(app);
    const other = await registerMusician(app);
    const song = await createSong(app, other, { title: 'Creep', artist: 'Radiohead' });
    await submitRequest(app, song, { requester_name: 'Bob', requester_email: 'bob@example.com' });

    const body = await daily(other, `?${tz}`);
    expect(body.totals).toEqual({
      total_requests: 1,
      unique_requesters: 1,
      requests_with_tips: 0,
      total_tips: 0,
    });
    expect(body.top_songs).toEqual([{ song: 'Creep', artist: 'Radiohead', count: 1 }]);
    expect(body.top_requesters).toEqual([
      requester({
        requester_name: 'Bob',
        email: 'bob@example.com',
        request_count: 1,
        total_tips: 0,
      }),
    ]);
  });

  it('credits each tip to the person who gave it, and counts tips sent from the header', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, paymentApps());
    const creep = await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' });
    const samPhone = { 'x-device-id': 'sam-phone-0123456789abcdef' };
    const joPhone = { 'x-device-id': 'jo-phone-0123456789abcdefg' };
    const sam = { requester_name: 'Sam', requester_email: 'sam@example.com' };
    const jo = { requester_name: 'Jo', requester_email: 'jo@example.com' };
    const filed = await submitRequest(app, creep, sam, samPhone);
    // The same song while Sam's request waits: Jo becomes a +1 on it.
    const merged = await submitRequest(app, creep, jo, joPhone);
    expect(merged.id).toBe(filed.id);
    await sendReceivedTip(
      app,
      musician,
      { amount: 10, tipper_name: 'Sam', request_id: filed.id },
      samPhone,
    );
    await sendReceivedTip(
      app,
      musician,
      { amount: 5, tipper_name: 'Jo', request_id: filed.id },
      joPhone,
    );
    // From the page's header Tip button: no request behind it.
    await sendReceivedTip(app, musician, { amount: 7, tipper_name: 'Anonymous' });
    // Claims (a tip not marked received, a tip sent with a request) count nothing.
    await sendTip(app, musician, { amount: 500, tipper_name: 'Sam', request_id: filed.id });
    await sendTip(app, musician, { amount: 9, tipper_name: 'Anonymous' });

    const body = await daily(musician, `?${tz}`);
    expect(body.totals).toEqual({
      total_requests: 2,
      unique_requesters: 2,
      requests_with_tips: 2,
      total_tips: 22,
    });
    expect(body.daily.at(-1)).toEqual({
      date: localDate(0),
      requests: 2,
      requests_with_tips: 2,
      tips: 22,
    });
    expect(body.top_songs).toEqual([{ song: 'Creep', artist: 'Radiohead', count: 2 }]);
    expect(body.top_requesters).toEqual([
      requester({
        requester_name: 'Sam',
        email: 'sam@example.com',
        request_count: 1,
        total_tips: 10,
      }),
      requester({ requester_name: 'Jo', email: 'jo@example.com', request_count: 1, total_tips: 5 }),
    ]);
  });

  it('credits a tip sent without a phone id to the +1 of the same name', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, paymentApps());
    const creep = await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' });
    const filed = await submitRequest(app, creep, {
      requester_name: 'Sam',
      requester_email: 'sam@example.com',
    });
    await submitRequest(app, creep, { requester_name: 'Jo', requester_email: 'jo@example.com' });
    await sendReceivedTip(app, musician, { amount: 5, tipper_name: 'Jo', request_id: filed.id });

    const body = await daily(musician, `?${tz}`);
    expect(body.totals.total_tips).toBe(5);
    expect(
      Object.fromEntries(body.top_requesters.map((r) => [r.requester_name, r.total_tips])),
    ).toEqual({ Jo: 5, Sam: 0 });
  });

  it('keeps at most 50 in each top list', async () => {
    const musician = await registerMusician(app);
    // Two songs: one address's +1s on one request stop counting at VOTE_LIMIT_PER_ADDRESS (30).
    const songs = [
      await createSong(app, musician),
      await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' }),
    ];
    for (let i = 0; i < 52; i++) {
      await submitRequest(app, songs[i % 2]!, { requester_email: `fan${i}@example.com` });
    }
    const body = await daily(musician, '');
    expect(body.totals.unique_requesters).toBe(52);
    expect(body.top_requesters).toHaveLength(50);
    const all = await get(musician, '/api/analytics/requesters');
    expect(all.json().requesters).toHaveLength(52);
  });

  it.each([
    ['-1', 'days=-1'],
    ['0', 'days=0'],
    ['abc', 'days=abc'],
    ['1.5', 'days=1.5'],
    ['3651', 'days=3651'],
    ['a NUL', 'days=%00'],
    // Under the longest address the app reads (plugins/address-length.ts): the schema decides.
    ['4,000 characters', `days=${'9'.repeat(4_000)}`],
    ['an empty value', 'days='],
  ])('refuses days of %s with a detail', async (_label, query) => {
    const musician = await registerMusician(app);
    for (const path of ['daily', 'requesters', 'export-requesters']) {
      const res = await get(musician, `/api/analytics/${path}?${query}`);
      expect(res.statusCode).toBe(400);
      // A NUL is refused before validation, with the one sentence every route gives.
      const detail = query.includes('%00')
        ? messages.textHasNulCharacter
        : messages.analyticsDaysInvalid;
      expect(res.json()).toEqual({ detail });
    }
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['4,000 characters', 'A'.repeat(4_000)],
    ['a NUL', 'Europe/Paris\u0000'],
    ['a SQL fragment', "UTC'; DROP TABLE requests;--"],
  ])('refuses a time zone of %s with a detail', async (_label, zone) => {
    const musician = await registerMusician(app);
    const res = await get(musician, `/api/analytics/daily?tz=${encodeURIComponent(zone)}`);
    expect(res.statusCode).toBe(400);
    const detail = zone.includes('\u0000')
      ? messages.textHasNulCharacter
      : messages.analyticsTimeZoneInvalid;
    expect(res.json()).toEqual({ detail });
  });

  it('asks to sign in without a session', async () => {
    for (const path of ['daily', 'requesters', 'export-requesters']) {
      const res = await get(null, `/api/analytics/${path}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: messages.loginRequired });
    }
  });
});

describe('GET /api/analytics/requesters', () => {
  it('lists every requester of the period, most requests first', async () => {
    const musician = await seedEvening(app);
    const res = await get(musician, `/api/analytics/requesters?${tz}`);
    expect(res.statusCode).toBe(200);
    const { requesters } = res.json<{ requesters: Requester[] }>();
    expect(requesters).toEqual([
      requester({
        requester_name: 'Bob',
        email: 'bob@example.com',
        request_count: 2,
        total_tips: 10,
      }),
      requester({
        requester_name: 'Annie',
        email: 'ann@example.com',
        request_count: 2,
        total_tips: 5,
      }),
      requester({ requester_name: 'Cy', email: 'cy@example.com', request_count: 1, total_tips: 0 }),
    ]);
    expect(new Date(requesters[1]!.first_request_at).getTime()).toBeLessThan(
      new Date(requesters[1]!.last_request_at).getTime(),
    );
    const today = await get(musician, `/api/analytics/requesters?days=1&${tz}`);
    expect(today.json().requesters.map((row: Requester) => row.requester_name)).toEqual([
      'Bob',
      'Cy',
    ]);
  });

  it('answers an empty list to another musician', async () => {
    await seedEvening(app);
    const other = await registerMusician(app);
    expect((await get(other, '/api/analytics/requesters')).json()).toEqual({ requesters: [] });
  });
});

describe('GET /api/analytics/export-requesters', () => {
  it('downloads the requesters as CSV', async () => {
    const musician = await seedEvening(app);
    const res = await get(musician, `/api/analytics/export-requesters?${tz}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="requesters.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Email,Requests,Total tips,First request,Last request');
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      'Bob,bob@example.com,2,10.00',
      'Annie,ann@example.com,2,5.00',
      'Cy,cy@example.com,1,0.00',
    ]);
    // Dates on the musician's clock: Ann's first request was at 23:30 two days ago.
    expect(lines[2]!.split(',')[4]).toBe(`${localDate(2)} 23:30`);
    expect(lines[4]).toBe('');
  });

  it('quotes commas and quotes, and makes formula cells inert', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const cells: Array<[name: string, cell: string]> = [
      ['=HYPERLINK("http://x.test","hi")', '"\'=HYPERLINK(""http://x.test"",""hi"")"'],
      ['Smith, "Jo"', '"Smith, ""Jo"""'],
      ['+1', "'+1"],
      ['-2', "'-2"],
      ['@SUM(A1)', "'@SUM(A1)"],
    ];
    for (const [index, [name]] of cells.entries()) {
      await submitRequest(app, song, { requester_name: name, requester_email: `f${index}@x.io` });
    }
    const res = await get(musician, '/api/analytics/export-requesters');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(cells.length + 2);
    for (const [index, [, cell]] of cells.entries()) {
      expect(
        lines.filter((line) => line.startsWith(`${cell},f${index}@x.io,1,0.00,`)),
      ).toHaveLength(1);
    }
  });

  it('exports only the asking musician’s requesters', async () => {
    await seedEvening(app);
    const other = await registerMusician(app);
    const res = await get(other, '/api/analytics/export-requesters');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFName,Email,Requests,Total tips,First request,Last request\r\n');
  });
});
