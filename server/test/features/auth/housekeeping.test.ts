import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, passwordResets, stageDevices } from '#server/db/schema.ts';
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
    const { db } = app.database;
    const now = Date.now();
    const rows = await db
      .insert(authSessions)
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
      .returning({ id: authSessions.id, tokenHash: authSessions.tokenHash });
    await db.insert(passwordResets).values([
      { musicianId: musician.musician.id, codeHash: 'stale', expiresAt: new Date(now - 2 * DAY) },
      { musicianId: musician.musician.id, codeHash: 'fresh', expiresAt: new Date(now + 60_000) },
    ]);

    await app.services.housekeeping.sweep(new Date(now));

    const kept = await db
      .select({ tokenHash: authSessions.tokenHash })
      .from(authSessions)
      .where(
        inArray(
          authSessions.id,
          rows.map((row) => row.id),
        ),
      );
    expect(kept.map((row) => row.tokenHash)).toEqual([`recently-revoked-${now}`]);
    const codes = await db
      .select({ codeHash: passwordResets.codeHash })
      .from(passwordResets)
      .where(eq(passwordResets.musicianId, musician.musician.id));
    expect(codes.map((row) => row.codeHash)).toEqual(['fresh']);
    // The live session of the musician still works.
    expect((await app.inject({ url: '/api/profile', headers: musician.auth })).statusCode).toBe(
      200,
    );
  });

  it('removes pairing codes nobody claimed in time, keeping paired devices and live codes', async () => {
    const musician = await registerMusician(app);
    const { db } = app.database;
    const paired = await pairStageDevice(app, musician);
    const waiting = await makePairingCode(app, musician, { name: 'Still waiting' });
    const lapsed = await makePairingCode(app, musician, { name: 'Never claimed' });
    // Its ten minutes ran out; the musician makes no new code, so nothing else would clear it.
    const past = new Date(Date.now() - 60_000);
    await db
      .update(stageDevices)
      .set({ codeExpiresAt: past })
      .where(inArray(stageDevices.id, [lapsed.id, paired.id]));

    const removed = await app.services.housekeeping.sweep();
    expect(removed).toMatchObject({ pairingCodes: 1 });

    const left = await db
      .select({ id: stageDevices.id })
      .from(stageDevices)
      .where(eq(stageDevices.musicianId, musician.musician.id));
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
