import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { EMPTY_MONEY, PAYMENT_CSV_HEADER } from '#shared/schemas/analytics.ts';
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
import { insertPayment } from '#server-test/money/insert-payment.ts';

const { app } = await startTestApp();

const { get, daily } = analyticsReads(app);

const csvLines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

/** Each tip from a phone of its own, so no per-phone limit is in the way. */
let phones = 0;
const phone = () => ({ 'x-device-id': `money-phone-${String(++phones).padStart(20, '0')}` });

/**
 * One evening's money: a request claiming $5 with $4 of app tips marked received and a $2 card
 * tip on it, a header tip claimed ($9), a header card tip ($10, fee $0.59), a paid request ($3,
 * fee not known yet), and a paid request refunded ($6, fee $0.47), an open checkout that moved
 * nothing.
 */
async function eveningWithMoney() {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, paymentApps());
  const song = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
  const request = await submitRequest(app, song, { requester_name: 'Ann', tip_amount: 5 });
  const id = musician.musician.id;
  await sendReceivedTip(
    app,
    musician,
    { amount: 4, tipper_name: 'Ann', request_id: request.id },
    phone(),
  );
  await sendTip(app, musician, { amount: 9, tipper_name: 'Bo', platform: 'cashapp' }, phone());
  await insertPayment(app, id, { amount: 10, fee: 0.59, tipperName: 'Cy', message: 'Encore' });
  // A $2 card tip on the request, and a $1 one refunded since, as the payments feature leaves
  // them: credited once paid, the refunded one taken off again ($5 + $4 + $2 claimed, $4 + $2
  // received).
  await insertPayment(app, id, { amount: 2, requestId: request.id, tipperName: 'Ann' });
  await insertPayment(app, id, { amount: 1, requestId: request.id, status: 'refunded' });
  await app.database.kysely
    .updateTable('requests')
    .set({ tipAmount: 11, tipReceived: 6 })
    .where('id', '=', request.id)
    .execute();
  await insertPayment(app, id, { kind: 'request', amount: 3, fee: null, requestId: request.id });
  await insertPayment(app, id, { kind: 'request', amount: 6, fee: 0.47, status: 'refunded' });
  await insertPayment(app, id, { amount: 20, status: 'open' });
  return { musician, request };
}

describe('money on the Analytics tab', () => {
  it('answers received, claimed, refunded and fees apart', async () => {
    const { musician } = await eveningWithMoney();
    const body = await daily(musician);
    expect(body.money).toEqual({
      received: 19,
      received_by_card: 15,
      received_by_app: 4,
      // The request's own $5 claim, and the header tip not marked received.
      claimed: 14,
      refunded: 7,
      fees: 2.24,
      net: 16.76,
      payments_without_fee: 1,
    });
    // Tips that arrived: the app tip marked received and the card tips paid (paid requests are
    // not tips), the one on the request credited to its requester; the refunded one went back.
    expect(body.totals).toMatchObject({ total_tips: 16, requests_with_tips: 1 });
    expect(body.top_requesters).toEqual([expect.objectContaining({ total_tips: 6 })]);
  });

  it('moves no received figure for a claimed $500', async () => {
    const { musician, request } = await eveningWithMoney();
    const before = await daily(musician);
    await sendTip(app, musician, { amount: 500, request_id: request.id }, phone());
    await sendTip(app, musician, { amount: 500 }, phone());
    const after = await daily(musician);
    expect(after.totals).toEqual(before.totals);
    expect(after.daily).toEqual(before.daily);
    expect(after.top_requesters).toEqual(before.top_requesters);
    expect({ ...after.money, claimed: 0 }).toEqual({ ...before.money, claimed: 0 });
    expect(after.money.claimed).toBeGreaterThanOrEqual(before.money.claimed + 500);
  });

  it('answers no money to another musician', async () => {
    await eveningWithMoney();
    const other = await registerMusician(app);
    expect((await daily(other)).money).toEqual(EMPTY_MONEY);
  });
});

describe('GET /api/analytics/export-payments', () => {
  it('downloads one line per money event, for the books', async () => {
    const { musician } = await eveningWithMoney();
    const res = await get(musician, '/api/analytics/export-payments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(PAYMENT_CSV_HEADER.join(','));
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    for (const row of rows) {
      expect(new Date(row[0]!).toISOString()).toBe(row[0]);
    }
    // Date aside: kind, amount, fee, net, status, platform, song, tipper name, message.
    expect(rows.map((row) => row.slice(1).join(',')).sort()).toEqual(
      [
        'app tip claimed,5.00,,0.00,claimed,,Jolene — Dolly Parton,Ann,',
        'app tip received,4.00,,4.00,received,venmo,Jolene — Dolly Parton,Ann,Thanks for the music!',
        'app tip claimed,9.00,,0.00,claimed,cashapp,,Bo,Thanks for the music!',
        'card tip,10.00,0.59,9.41,paid,card,,Cy,Encore',
        'card tip,2.00,0.59,1.41,paid,card,Jolene — Dolly Parton,Ann,',
        'card tip,1.00,0.59,-0.59,refunded,card,Jolene — Dolly Parton,Cy,',
        'paid request,3.00,,3.00,paid,card,Jolene — Dolly Parton,Cy,',
        'paid request,6.00,0.47,-0.47,refunded,card,,Cy,',
      ].sort(),
    );
    expect(res.body).not.toMatch(/@|cs_test|pi_test|sk_/);
  });

  it('makes formula cells inert and quotes commas and quotes', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, paymentApps());
    const cells: Array<[text: string, cell: string]> = [
      ['=HYPERLINK("http://x.test","hi")', '"\'=HYPERLINK(""http://x.test"",""hi"")"'],
      ['Smith, "Jo"', '"Smith, ""Jo"""'],
      ['+1', "'+1"],
      ['-2', "'-2"],
      ['@SUM(A1)', "'@SUM(A1)"],
    ];
    for (const [text] of cells) {
      await sendTip(app, musician, { amount: 1, tipper_name: text, message: text }, phone());
    }
    const id = musician.musician.id;
    await insertPayment(app, id, { tipperName: '=1+1', message: '@cmd', fee: 0.33 });
    const lines = csvLines((await get(musician, '/api/analytics/export-payments')).body);
    expect(lines).toHaveLength(cells.length + 3);
    for (const [, cell] of cells) {
      expect(lines.filter((line) => line.endsWith(`,${cell},${cell}`))).toHaveLength(1);
    }
    expect(lines.filter((line) => line.endsWith(",'=1+1,'@cmd"))).toHaveLength(1);
  });

  it('names the song of a paid request never filed, and nothing else of its submission', async () => {
    const musician = await registerMusician(app);
    const submission = JSON.stringify({
      requestId: '6f1c0d7e-0000-4000-8000-000000000001',
      data: { requester_name: 'Robin', requester_email: 'robin@example.com' },
      songTitle: 'Valerie',
      songArtist: 'Amy Winehouse',
    });
    await insertPayment(app, musician.musician.id, {
      kind: 'request',
      amount: 3,
      fee: 0.39,
      status: 'refunded',
      tipperName: 'Robin',
      submission,
    });
    const res = await get(musician, '/api/analytics/export-payments');
    expect(csvLines(res.body)[1]!.split(',').slice(1).join(',')).toBe(
      'paid request,3.00,0.39,-0.39,refunded,card,Valerie — Amy Winehouse,Robin,',
    );
    expect(res.body).not.toContain('robin@example.com');
    expect(res.body).not.toContain('6f1c0d7e');
  });

  it('keeps to the period asked', async () => {
    const musician = await registerMusician(app);
    const id = musician.musician.id;
    await insertPayment(app, id, { amount: 7 });
    await insertPayment(app, id, { amount: 8, paidAt: new Date(Date.now() - 40 * 86_400_000) });
    const month = csvLines((await get(musician, '/api/analytics/export-payments?days=30')).body);
    expect(month.slice(1, -1).map((line) => line.split(',')[2])).toEqual(['7.00']);
    const all = csvLines((await get(musician, '/api/analytics/export-payments')).body);
    expect(all.slice(1, -1).map((line) => line.split(',')[2])).toEqual(['8.00', '7.00']);
  });

  it('exports only the asking musician’s money, and asks to sign in', async () => {
    await eveningWithMoney();
    const other = await registerMusician(app);
    const res = await get(other, '/api/analytics/export-payments');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`\uFEFF${PAYMENT_CSV_HEADER.join(',')}\r\n`);
    const nobody = await get(null, '/api/analytics/export-payments');
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ detail: messages.loginRequired });
    const bad = await get(other, '/api/analytics/export-payments?days=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: messages.analyticsDaysInvalid });
  });
});
