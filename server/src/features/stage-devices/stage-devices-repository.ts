import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { authSessions, stageDevices } from '#server/db/schema.ts';
import type { ListedStageDevice, StageDeviceRow } from './stage-device-mapper.ts';

/** How often last_seen_at is written at most: every request would be a write for nothing. */
const SEEN_EVERY_SECONDS = 60;

interface NewDevice {
  musicianId: string;
  name: string;
  codeHash: string;
  codeExpiresAt: Date;
}

interface NewStageSession {
  tokenHash: string;
  expiresAt: Date;
}

export function stageDevicesRepository(db: Db) {
  /** Paired devices, and waiting ones whose code still works. */
  const current = (musicianId: string) =>
    and(
      eq(stageDevices.musicianId, musicianId),
      or(isNotNull(stageDevices.claimedAt), gt(stageDevices.codeExpiresAt, new Date())),
    );

  return {
    /**
     * With whether each still holds a live session: a password change or a sign-out ends it, and
     * the device then needs a new code although it was paired.
     */
    async list(musicianId: string): Promise<ListedStageDevice[]> {
      return db
        .select({
          device: stageDevices,
          // Written out by hand: Drizzle names a column without its table inside sql``, and
          // "id" in the subquery would then be the session's.
          signedIn: sql<boolean>`EXISTS (SELECT 1 FROM ${authSessions} s
            WHERE s.stage_device_id = ${stageDevices}.id
              AND s.revoked_at IS NULL AND s.expires_at > now())`,
        })
        .from(stageDevices)
        .where(current(musicianId))
        .orderBy(asc(stageDevices.createdAt), asc(stageDevices.id));
    },

    /**
     * Codes nobody claimed before `before` are of no use: housekeeping drops everyone's, and a
     * musician's own go before they make a new one. Returns how many went.
     */
    async deleteExpiredWaiting(before: Date, musicianId?: string): Promise<number> {
      const rows = await db
        .delete(stageDevices)
        .where(
          and(
            musicianId === undefined ? undefined : eq(stageDevices.musicianId, musicianId),
            isNull(stageDevices.claimedAt),
            lt(stageDevices.codeExpiresAt, before),
          ),
        )
        .returning({ id: stageDevices.id });
      return rows.length;
    },

    async insert(device: NewDevice): Promise<StageDeviceRow> {
      const [row] = await db.insert(stageDevices).values(device).returning();
      return row!;
    },

    /**
     * Claims the waiting device holding this code and signs it in with a stage session, all or
     * nothing. One conditional UPDATE: of two devices claiming the same code, one gets nothing.
     */
    async claim(codeHash: string, session: NewStageSession): Promise<StageDeviceRow | undefined> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [device] = await tx
          .update(stageDevices)
          .set({ claimedAt: now, lastSeenAt: now })
          .where(
            and(
              eq(stageDevices.codeHash, codeHash),
              isNull(stageDevices.claimedAt),
              gt(stageDevices.codeExpiresAt, now),
            ),
          )
          .returning();
        if (!device) return undefined;
        await tx.insert(authSessions).values({
          musicianId: device.musicianId,
          tokenHash: session.tokenHash,
          expiresAt: session.expiresAt,
          scope: 'stage',
          stageDeviceId: device.id,
        });
        return device;
      });
    },

    /**
     * Deletes the musician's device (its sessions go with it, by the foreign key) and returns the
     * ids those sessions had, so their live connections can be closed; undefined if not theirs.
     */
    async remove(musicianId: string, id: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const sessions = await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .innerJoin(stageDevices, eq(stageDevices.id, authSessions.stageDeviceId))
          .where(and(eq(stageDevices.id, id), eq(stageDevices.musicianId, musicianId)));
        const deleted = await tx
          .delete(stageDevices)
          .where(and(eq(stageDevices.id, id), eq(stageDevices.musicianId, musicianId)))
          .returning({ id: stageDevices.id });
        return deleted.length > 0 ? sessions.map((session) => session.id) : undefined;
      });
    },

    /** Notes that the device was used, at most once a minute. */
    async rename(id: string, name: string): Promise<void> {
      await db.update(stageDevices).set({ name }).where(eq(stageDevices.id, id));
    },

    async touch(id: string): Promise<void> {
      await db
        .update(stageDevices)
        .set({ lastSeenAt: new Date() })
        .where(
          and(
            eq(stageDevices.id, id),
            or(
              isNull(stageDevices.lastSeenAt),
              lt(
                stageDevices.lastSeenAt,
                sql`now() - make_interval(secs => ${SEEN_EVERY_SECONDS})`,
              ),
            ),
          ),
        );
    },
  };
}

export type StageDevicesRepository = ReturnType<typeof stageDevicesRepository>;
