import { describe, expect, it } from 'vitest';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import {
  claimCode,
  makePairingCode,
  pairStageDevice,
} from '#server-test/features/stage-devices/pair-stage-device.ts';

const { app } = await startTestApp();
const DAY = 24 * 60 * 60 * 1000;

describe('housekeeping', () => {
  it('removes sessions ended over a week ago and codes expired over a day ago, keeping the rest', async () => {
    const musician = await registerMusician(app);
    const db = app.database.kysely;
    const now = Date.now();
    const rows = await db
      .insertInto('authSessions')
      .values([
        {
          musicianId: musician.musician.id,
          tokenHash: `old-expired-${now}`,
          expiresAt: new Date(now - 8 * DAY),
        },
        {
          musicianId: musician.musician.id,
          tokenHash: `old-revoked-${now}`,
          expiresAt: new Date(now + DAY),
          revokedAt: new Date(now - 8 * DAY),
        },
        {
          musicianId: musician.musician.id,
          tokenHash: `recently-revoked-${now}`,
          expiresAt: new Date(now + DAY),
          revokedAt: new Date(now - DAY),
        },
      ])
      .returning(['id', 'tokenHash'])
      .execute();
    await db
      .insertInto('passwordResets')
      .values([
        { musicianId: musician.musician.id, codeHash: 'stale', expiresAt: new Date(now - 2 * DAY) },
        { musicianId: musician.musician.id, codeHash: 'fresh', expiresAt: new Date(now + 60_000) },
      ])
      .execute();

    await app.services.housekeeping.sweep(new Date(now));

    const ids = rows.map((row) => row.id);
    const kept = await db
      .selectFrom('authSessions')
      .select('tokenHash')
      .where('id', 'in', ids)
      .execute();
    expect(kept.map((row) => row.tokenHash)).toEqual([`recently-revoked-${now}`]);
    const codes = await db
      .selectFrom('passwordResets')
      .select('codeHash')
      .where('musicianId', '=', musician.musician.id)
      .execute();
    expect(codes.map((row) => row.codeHash)).toEqual(['fresh']);
    // The live session of the musician still works.
    expect((await app.inject({ url: '/api/profile', headers: musician.auth })).statusCode).toBe(
      200,
    );
  });

  it('removes pairing codes nobody claimed in time, keeping paired devices and live codes', async () => {
    const musician = await registerMusician(app);
    const db = app.database.kysely;
    const paired = await pairStageDevice(app, musician);
    const waiting = await makePairingCode(app, musician, { name: 'Still waiting' });
    const lapsed = await makePairingCode(app, musician, { name: 'Never claimed' });
    // Its ten minutes ran out; the musician makes no new code, so nothing else would clear it.
    const past = new Date(Date.now() - 60_000);
    await db
      .updateTable('stageDevices')
      .set({ codeExpiresAt: past })
      .where('id', 'in', [lapsed.id, paired.id])
      .execute();

    const removed = await app.services.housekeeping.sweep();
    expect(removed).toMatchObject({ pairingCodes: 1 });

    const left = await db
      .selectFrom('stageDevices')
      .select('id')
      .where('musicianId', '=', musician.musician.id)
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([paired.id, waiting.id].sort());
    // The paired tablet still works, and the live code can still be claimed.
    const queue = await app.inject({
      url: `/api/requests/musician/${musician.musician.id}`,
      headers: paired.auth,
    });
    expect(queue.statusCode).toBe(200);
    expect((await claimCode(app, waiting.code)).statusCode).toBe(200);
  });
});
