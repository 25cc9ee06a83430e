import type { PasswordResetsRepository } from './password-resets-repository.ts';
import type { SessionsRepository } from '#server/credentials/sessions-repository.ts';

// Ended sessions are kept a week, so "signed out" can still be told from "never existed".
const KEEP_ENDED_SESSIONS_MS = 7 * 24 * 60 * 60 * 1000;
const KEEP_EXPIRED_CODES_MS = 24 * 60 * 60 * 1000;
// A push subscription is for one night's request: after a day, whatever became of it, it goes.
const KEEP_PUSH_SUBSCRIPTIONS_MS = 24 * 60 * 60 * 1000;

/** Removes sign-in leftovers nobody can use any more, so these tables do not grow forever. */
export function housekeepingService(deps: {
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  /**
   * Stage-device pairing codes nobody claimed (the stage-devices repository): without this,
   * only a new code clears them. Typed here, as stage-devices already imports from auth.
   */
  pairings: { deleteExpiredWaiting(before: Date): Promise<number> };
  /** Proofs of work spent (proof-of-work/spent-proofs-repository.ts). */
  spentProofs: { deleteExpiredBefore(before: Date): Promise<number> };
  /** Requesters' browsers to tell of their request (features/push-notifications). */
  pushSubscriptions: { deleteCreatedBefore(before: Date): Promise<number> };
}) {
  return {
    async sweep(now = new Date()): Promise<{
      sessions: number;
      resetCodes: number;
      pairingCodes: number;
      spentProofs: number;
      pushSubscriptions: number;
    }> {
      const sessions = await deps.sessions.deleteEndedBefore(
        new Date(now.getTime() - KEEP_ENDED_SESSIONS_MS),
      );
      const resetCodes = await deps.resets.deleteExpiredBefore(
        new Date(now.getTime() - KEEP_EXPIRED_CODES_MS),
      );
      // Gone as soon as they expire: a claim answers a lapsed code like an unknown one anyway.
      const pairingCodes = await deps.pairings.deleteExpiredWaiting(now);
      // Past its challenge's expiry a payload is refused by its signature alone.
      const spentProofs = await deps.spentProofs.deleteExpiredBefore(now);
      const pushSubscriptions = await deps.pushSubscriptions.deleteCreatedBefore(
        new Date(now.getTime() - KEEP_PUSH_SUBSCRIPTIONS_MS),
      );
      return { sessions, resetCodes, pairingCodes, spentProofs, pushSubscriptions };
    },
  };
}
