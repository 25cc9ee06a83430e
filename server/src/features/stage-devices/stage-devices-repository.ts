import type { Kysely } from 'kysely';
import { creationTime } from '#server/db/creation-clock.ts';
import type { DB } from '#server/db/tables.ts';
import type { ListedStageDevice, StageDeviceRow } from './stage-device-mapper.ts';

/** How often last_seen_at is written at most: every request would be a write for nothing. */
const SEEN_EVERY_MS = 60_000;

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

export function stageDevicesRepository(db: Kysely<DB>) {
  return {
    /**
     * Paired devices and waiting ones whose code still works, with whether each still holds a
     * live session: a password change or a sign-out ends it, and the device then needs a new
     * code although it was paired.
     */
    async list(musicianId: string): Promise<ListedStageDevice[]> {
      const now = new Date();
      const rows = await db
        .selectFrom('stageDevices as d')
        .selectAll('d')
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('authSessions as s')
                .select('s.id')
                .whereRef('s.stageDeviceId', '=', 'd.id')
                .where('s.revokedAt', 'is', null)
                .where('s.expiresAt', '>', now),
            )
            .as('signedIn'),
        )
        .where('d.musicianId', '=', musicianId)
        .where((eb) => eb.or([eb('d.claimedAt', 'is not', null), eb('d.codeExpiresAt', '>', now)]))
        .orderBy('d.createdAt')
        .orderBy('d.id')
        .execute();
      // exists() is a boolean on PostgreSQL and 0 or 1 on SQLite.
      return rows.map(({ signedIn, ...device }) => ({ device, signedIn: Boolean(signedIn) }));
    },

    /**
     * Codes nobody claimed before `before` are of no use: housekeeping drops everyone's, and a
     * musician's own go before they make a new one. Returns how many went.
     */
    async deleteExpiredWaiting(before: Date, musicianId?: string): Promise<number> {
      let query = db
        .deleteFrom('stageDevices')
        .where('claimedAt', 'is', null)
        .where('codeExpiresAt', '<', before);
      if (musicianId !== undefined) query = query.where('musicianId', '=', musicianId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async insert(device: NewDevice): Promise<StageDeviceRow> {
      // Listed in the order paired: two codes made in one millisecond must not swap places.
      return db
        .insertInto('stageDevices')
        .values({ ...device, createdAt: creationTime() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Claims the waiting device holding this code and signs it in with a stage session, all or
     * nothing. One conditional UPDATE: of two devices claiming the same code, one gets nothing.
     */
    async claim(codeHash: string, session: NewStageSession): Promise<StageDeviceRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const now = new Date();
        const device = await trx
          .updateTable('stageDevices')
          .set({ claimedAt: now, lastSeenAt: now })
          .where('codeHash', '=', codeHash)
          .where('claimedAt', 'is', null)
          .where('codeExpiresAt', '>', now)
          .returningAll()
          .executeTakeFirst();
        if (!device) return undefined;
        await trx
          .insertInto('authSessions')
          .values({
            musicianId: device.musicianId,
            tokenHash: session.tokenHash,
            expiresAt: session.expiresAt,
            scope: 'stage',
            stageDeviceId: device.id,
          })
          .execute();
        return device;
      });
    },

    /**
     * Deletes the musician's device (its sessions go with it, by the foreign key) and returns the
     * ids those sessions had, so their live connections can be closed; undefined if not theirs.
     */
    async remove(musicianId: string, id: string): Promise<string[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const sessions = await trx
          .selectFrom('authSessions as s')
          .innerJoin('stageDevices as d', 'd.id', 's.stageDeviceId')
          .select('s.id')
          .where('d.id', '=', id)
          .where('d.musicianId', '=', musicianId)
          .execute();
        const deleted = await trx
          .deleteFrom('stageDevices')
          .where('id', '=', id)
          .where('musicianId', '=', musicianId)
          .returning('id')
          .executeTakeFirst();
        return deleted ? sessions.map((session) => session.id) : undefined;
      });
    },

    async rename(id: string, name: string): Promise<void> {
      await db.updateTable('stageDevices').set({ name }).where('id', '=', id).execute();
    },

    /** Notes that the device was used, at most once a minute. */
    async touch(id: string): Promise<void> {
      const now = new Date();
      await db
        .updateTable('stageDevices')
        .set({ lastSeenAt: now })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('lastSeenAt', 'is', null),
            eb('lastSeenAt', '<', new Date(now.getTime() - SEEN_EVERY_MS)),
          ]),
        )
        .execute();
    },
  };
}

export type StageDevicesRepository = ReturnType<typeof stageDevicesRepository>;
