import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { EMPTY_MONEY } from '#shared/schemas/analytics.ts';
import type { Show, ShowReport } from '#shared/schemas/show.ts';
import {
  createSong,
  paymentApps,
  registerMusician,
  sendReceivedTip,
  sendTip,
  setRequestStatus,
  startShow,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { insertPayment } from '#server-test/money/insert-payment.ts';

const { app } = await startTestApp();

const call = (
  musician: TestMusician | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: musician?.auth ?? {}, ...(payload ? { payload } : {}) });

/** Sets when a request was marked played (its updated_at), as minutes after 20:00 UTC. */
async function playedAt(requestId: string, minutes: number) {
  await app.database.kysely
    .updateTable('requests')
    .set({ updatedAt: new Date(Date.UTC(2025, 5, 21, 20, minutes)) })
    .where('id', '=', requestId)
    .execute();
}

/**
 * A show at the Blue Note: Jolene played at 20:05 (2 requests, $5 + $2), Wonderwall at 20:30
 * (1 request), Valerie requested but rejected; a request before the show stays out.
 */
async function playedShow() {
  const musician = await registerMusician(app, { name: 'The Lanterns' });
  const jolene = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
  await app.database.kysely
    .updateTable('songs')
    .set({ songwriter: 'Dolly Parton' })
    .where('id', '=', jolene.id)
    .execute();
  const wonderwall = await createSong(app, musician);
  const valerie = await createSong(app, musician, { title: 'Valerie', artist: 'The Zutons' });
  await submitRequest(app, wonderwall, { requester_email: 'early@example.com' });

  const show = await startShow(app, musician, 'Friday at the Blue Note');
  const first = await submitRequest(app, jolene, { tip_amount: 5 });
  const second = await submitRequest(app, jolene, {
    requester_email: 'b@example.com',
    tip_amount: 2,
  });
  const third = await submitRequest(app, wonderwall);
  const rejected = await submitRequest(app, valerie, { tip_amount: 1 });
  for (const id of [first.id, second.id, third.id])
    await setRequestStatus(app, musician, id, 'played');
  await setRequestStatus(app, musician, rejected.id, 'rejected');
  await playedAt(first.id, 5);
  // The second Jolene was a +1 on the first (same request): played with it.
  expect(second.id).toBe(first.id);
  await playedAt(third.id, 30);
  return { musician, show };
}

describe('show venue fields', () => {
  it('starts a show with its venue and date', async () => {
    const musician = await registerMusician(app);
    const res = await call(musician, 'POST', '/api/shows/start', {
      name: 'Friday',
      venue_name: '  The Blue Note ',
      venue_address: '131 W 3rd St, New York, NY',
      performed_on: '2025-06-21',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().show).toMatchObject({
      name: 'Friday',
      venue_name: 'The Blue Note',
      venue_address: '131 W 3rd St, New York, NY',
      performed_on: '2025-06-21',
    });
  });

  it('starts without them: empty venue, no date', async () => {
    const musician = await registerMusician(app);
    const show = await startShow(app, musician);
    expect(show).toMatchObject({ venue_name: '', venue_address: '', performed_on: null });
  });

  it('sets, changes and clears them later with PUT /api/shows/{id}', async () => {
    const musician = await registerMusician(app);
    const show = await startShow(app, musician, 'Saturday');
    await call(musician, 'POST', '/api/shows/stop');

    const set = await call(musician, 'PUT', `/api/shows/${show.id}`, {
      venue_name: 'Cafe Wha?',
      performed_on: '2024-02-29',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<Show>()).toMatchObject({
      name: 'Saturday',
      status: 'stopped',
      venue_name: 'Cafe Wha?',
      venue_address: '',
      performed_on: '2024-02-29',
    });

    const cleared = await call(musician, 'PUT', `/api/shows/${show.id}`, {
      name: 'Saturday late',
      performed_on: '',
    });
    expect(cleared.json<Show>()).toMatchObject({
      name: 'Saturday late',
      venue_name: 'Cafe Wha?',
      performed_on: null,
    });
    const listed = (await call(musician, 'GET', '/api/shows')).json<Show[]>();
    expect(listed[0]).toMatchObject({ name: 'Saturday late', venue_name: 'Cafe Wha?' });
  });

  it.each([
    [{ performed_on: '2025-02-30' }, messages.showDateInvalid],
    [{ performed_on: '21/06/2025' }, messages.showDateInvalid],
    [{ performed_on: 20250621 }, messages.showDateInvalid],
    [{ name: '   ' }, messages.showNameRequired],
    [{}, messages.showNothingToUpdate],
    [{ venue_name: 'Blue\u0000Note' }, messages.textHasNulCharacter],
    [{ venue_address: 'x'.repeat(10_000) }, 'Venue address must be at most 300 characters long.'],
  ])('refuses %o with a detail', async (payload, detail) => {
    const musician = await registerMusician(app);
    const show = await startShow(app, musician);
    const res = await call(musician, 'PUT', `/api/shows/${show.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('refuses a bad date when starting', async () => {
    const musician = await registerMusician(app);
    const res = await call(musician, 'POST', '/api/shows/start', {
      name: 'Friday',
      performed_on: 'tomorrow',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.showDateInvalid });
  });

  it('answers 404 for another musician’s show', async () => {
    const owner = await registerMusician(app);
    const show = await startShow(app, owner);
    const other = await registerMusician(app);
    const res = await call(other, 'PUT', `/api/shows/${show.id}`, { venue_name: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.showNotFound });
    const unchanged = (await call(owner, 'GET', '/api/shows')).json<Show[]>();
    expect(unchanged[0]!.venue_name).toBe('');
  });
});

describe('GET /api/shows/{id}/report', () => {
  it('answers the set as played with venue, songwriters, requests and tips', async () => {
    const { musician, show } = await playedShow();
    await call(musician, 'PUT', `/api/shows/${show.id}`, {
      venue_name: 'The Blue Note',
      venue_address: '131 W 3rd St, New York, NY',
      performed_on: '2025-06-21',
    });
    const res = await call(musician, 'GET', `/api/shows/${show.id}/report`);
    expect(res.statusCode).toBe(200);
    const report = res.json<ShowReport>();
    expect(report.show).toMatchObject({
      id: show.id,
      name: 'Friday at the Blue Note',
      venue_name: 'The Blue Note',
      venue_address: '131 W 3rd St, New York, NY',
      performed_on: '2025-06-21',
    });
    expect(report.performer).toBe('The Lanterns');
    expect(report.songs).toEqual([
      {
        song_title: 'Jolene',
        song_artist: 'Dolly Parton',
        songwriter: 'Dolly Parton',
        played_at: '2025-06-21T20:05:00.000Z',
        request_count: 2,
        // Both tips were claimed with the requests: the phone's word, not money.
        tips: 0,
        tips_claimed: 7,
      },
      {
        song_title: 'Wonderwall',
        song_artist: 'Oasis',
        songwriter: '',
        played_at: '2025-06-21T20:30:00.000Z',
        request_count: 1,
        tips: 0,
        tips_claimed: 0,
      },
    ]);
    expect(report.total_requests).toBe(4);
    expect(report.total_tips).toBe(0);
    expect(report.total_claimed).toBe(8);
    expect(report.money).toEqual({ ...EMPTY_MONEY, claimed: 8 });
  });

  it('exports the report as CSV, times on the musician’s clock', async () => {
    const { musician, show } = await playedShow();
    await call(musician, 'PUT', `/api/shows/${show.id}`, {
      venue_name: '=Blue Note',
      venue_address: '131 W 3rd St, New York, NY',
      performed_on: '2025-06-21',
    });
    const res = await call(
      musician,
      'GET',
      `/api/shows/${show.id}/report?format=csv&tz=America/New_York`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="show-report-friday-at-the-blue-note-2025-06-21.csv"',
    );
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Performance date,Venue,Venue address,Performer,Order,Time played,Song,Artist,Songwriter,Requests,Tips received,Tips claimed',
      `2025-06-21,'=Blue Note,"131 W 3rd St, New York, NY",The Lanterns,1,2025-06-21 16:05,Jolene,Dolly Parton,Dolly Parton,2,0.00,7.00`,
      `2025-06-21,'=Blue Note,"131 W 3rd St, New York, NY",The Lanterns,2,2025-06-21 16:30,Wonderwall,Oasis,,1,0.00,0.00`,
      '',
    ]);
  });

  it('keeps money that arrived apart from claims: a claimed $500 moves no received figure', async () => {
    const { musician, show } = await playedShow();
    await updateProfile(app, musician, paymentApps());
    const report = async () =>
      (await call(musician, 'GET', `/api/shows/${show.id}/report`)).json<ShowReport>();
    const jolene = async () => (await report()).songs.find((s) => s.song_title === 'Jolene')!;
    const firstId = (
      await app.database.kysely
        .selectFrom('requests')
        .select('id')
        .where('musicianId', '=', musician.musician.id)
        .where('songTitle', '=', 'Jolene')
        .executeTakeFirstOrThrow()
    ).id;
    await sendReceivedTip(app, musician, { amount: 3, tipper_name: 'Ann', request_id: firstId });
    // A paid request of the show, and one refunded, each with Stripe's fee.
    await insertPayment(app, musician.musician.id, {
      kind: 'request',
      amount: 4,
      fee: 0.42,
      requestId: firstId,
    });
    await insertPayment(app, musician.musician.id, {
      kind: 'request',
      amount: 4,
      fee: 0.42,
      status: 'refunded',
      requestId: firstId,
    });
    // A $2 card tip refunded since: the payments feature credited it when paid and took it off
    // again when refunded, so the request holds $3 received of $10 claimed.
    await insertPayment(app, musician.musician.id, {
      amount: 2,
      status: 'refunded',
      requestId: firstId,
    });
    await app.database.kysely
      .updateTable('requests')
      .set({ tipAmount: 10, tipReceived: 3 })
      .where('id', '=', firstId)
      .execute();
    const before = await report();
    expect(await jolene()).toMatchObject({ tips: 3, tips_claimed: 7 });
    expect(before.total_tips).toBe(3);
    expect(before.money).toEqual({
      received: 7,
      received_by_card: 4,
      received_by_app: 3,
      claimed: 8,
      refunded: 6,
      fees: 1.43,
      net: 5.57,
      payments_without_fee: 0,
    });

    await sendTip(app, musician, { amount: 500, tipper_name: 'Mallory', request_id: firstId });
    const after = await report();
    expect(after.total_tips).toBe(before.total_tips);
    expect((await jolene()).tips).toBe(3);
    // Only the claim grows (a request holds at most $500 of claims, its own first).
    expect({ ...after.money, claimed: 0 }).toEqual({ ...before.money, claimed: 0 });
    expect(after.money.claimed).toBeGreaterThan(before.money.claimed);
  });

  it('answers an empty set for a show with nothing played', async () => {
    const musician = await registerMusician(app);
    const show = await startShow(app, musician);
    const res = await call(musician, 'GET', `/api/shows/${show.id}/report`);
    expect(res.json<ShowReport>()).toMatchObject({
      songs: [],
      total_requests: 0,
      total_tips: 0,
      total_claimed: 0,
      money: EMPTY_MONEY,
    });
  });

  it('answers 404 to another musician, in JSON and CSV', async () => {
    const { show } = await playedShow();
    const other = await registerMusician(app);
    for (const query of ['', '?format=csv']) {
      const res = await call(other, 'GET', `/api/shows/${show.id}/report${query}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.showNotFound });
    }
  });

  it('refuses a bad format, time zone or id, and asks to sign in', async () => {
    const { musician, show } = await playedShow();
    const bad = [
      [`/api/shows/${show.id}/report?format=pdf`, messages.showReportFormatInvalid],
      [
        `/api/shows/${show.id}/report?format=csv&tz=Nowhere%2FLand`,
        messages.analyticsTimeZoneInvalid,
      ],
      ['/api/shows/not-an-id/report', 'This id is not valid.'],
    ];
    for (const [url, detail] of bad) {
      const res = await call(musician, 'GET', url!);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
    }
    expect((await call(null, 'GET', `/api/shows/${show.id}/report`)).statusCode).toBe(401);
  });

  it('keeps the title and artist of a song deleted since', async () => {
    const { musician, show } = await playedShow();
    await app.database.kysely
      .deleteFrom('songs')
      .where('musicianId', '=', musician.musician.id)
      .execute();
    const report = (await call(musician, 'GET', `/api/shows/${show.id}/report`)).json<ShowReport>();
    expect(report.songs.map((song) => [song.song_title, song.songwriter])).toEqual([
      ['Jolene', ''],
      ['Wonderwall', ''],
    ]);
  });
});
