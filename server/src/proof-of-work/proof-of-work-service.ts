import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { messages } from '#shared/messages.ts';
import {
  type ProofChallenge,
  ProofPayload,
  type ProofOfWorkMode,
} from '#shared/schemas/proof-of-work.ts';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import { HttpError } from '#server/http/errors.ts';
import { proofPressure } from './proof-pressure.ts';
import type { SpentProofsRepository } from './spent-proofs-repository.ts';

/**
 * The numbers a quiet write's challenge hides among (ALTCHA's maxnumber): a phone tries half of
 * them on average, well under a second (docs/benchmarks.md, "Proof of work"). Under pressure the
 * range grows with it, up to MAX_MAXNUMBER: a script sending hundreds a minute pays for each.
 */
export const BASE_MAXNUMBER = 20_000;
export const MAX_MAXNUMBER = 1_000_000;
/** How long a challenge may be solved and sent: a slow phone on venue wifi, with room to retry. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * The share of a limit a minute that is quiet: of an address's share of a musician's budget
 * (LIMIT_PER_ADDRESS_PER_MINUTE, 400: a venue behind one router sends far fewer), and of the
 * musician's budget (LIMIT_PER_MUSICIAN_PER_MINUTE, 1000). Past it, challenges harden.
 */
export const QUIET_SHARE_OF_LIMIT = 0.1;
/** ALTCHA's base64 payload is about 300 characters; anything far longer is not one. */
const PAYLOAD_MAX_LENGTH = 1_000;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Which write a challenge is for: one solved for a +1 cannot be spent on a suggestion. */
export type ProofKind = 'request' | 'vote' | 'suggestion';

/** An audience write as the proof of work sees it. */
export interface ProofAttempt {
  musicianId: string;
  kind: ProofKind;
  /** The sender's IP, counted in memory only (proof-pressure.ts). */
  address: string;
  /** The X-Altcha header as sent, if any. */
  payload: string | undefined;
}

/**
 * What the write must still prove: `every` (refused unless it files nothing), `plus-one` (only a
 * write that turns out to be a +1: decided under the musician's lock, request-admission.ts), or
 * `none` (proven already, or nothing asked).
 */
export type ProofDemand = 'every' | 'plus-one' | 'none';

export interface ProofAssessment {
  demand: ProofDemand;
  /** How many times past quiet the address or the musician is (1 or less: quiet). */
  pressure: number;
  /** An X-Altcha was sent and could not be used: garbage, forged, expired, spent or elsewhere's. */
  refused: boolean;
}

interface Deps {
  mode: ProofOfWorkMode;
  keys: DerivedKeys;
  spent: SpentProofsRepository;
  /** LIMIT_PER_MUSICIAN_PER_MINUTE and LIMIT_PER_ADDRESS_PER_MINUTE: a tenth is quiet. */
  perMusicianPerMinute: number;
  perAddressPerMinute: number;
}

/** The difficulty at `pressure`: the base while quiet, growing with it, never past the cap. */
export function maxNumberAt(pressure: number): number {
  return Math.min(MAX_MAXNUMBER, Math.round(BASE_MAXNUMBER * Math.max(1, pressure)));
}

/** The payload as ALTCHA's shape, or undefined for anything else (never throws). */
function decoded(header: string): ProofPayload | undefined {
  if (header.length > PAYLOAD_MAX_LENGTH || !BASE64.test(header)) return undefined;
  try {
    const parsed = ProofPayload.safeParse(JSON.parse(Buffer.from(header, 'base64').toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function proofOfWorkService({
  mode,
  keys,
  spent,
  perMusicianPerMinute,
  perAddressPerMinute,
}: Deps) {
  // Musicians whose writes prove nothing: the request path's warm-up's made-up one, a moment.
  const exempt = new Set<string>();
  const pressure = proofPressure({
    perAddress: Math.max(1, perAddressPerMinute * QUIET_SHARE_OF_LIMIT),
    perMusician: Math.max(1, perMusicianPerMinute * QUIET_SHARE_OF_LIMIT),
  });
  // ALTCHA's HMAC key, derived from the server's secret: the same on every process.
  let hmacKey: Promise<string> | undefined;
  const key = () => (hmacKey ??= keys.derive('proof-of-work').then((k) => k.toString('hex')));

  /** Signed by this server, for this musician and kind, not expired, and not spent before. */
  async function proven(attempt: ProofAttempt, header: string): Promise<boolean> {
    const payload = decoded(header);
    if (!payload) return false;
    const params = extractParams(payload);
    if (params.m !== attempt.musicianId || params.k !== attempt.kind) return false;
    const expires = Number(params.expires) * 1000;
    if (!Number.isSafeInteger(expires)) return false;
    const valid = await verifySolution(payload, await key()).catch(() => false);
    return valid && (await spent.spend(payload.signature, new Date(expires)));
  }

  return {
    /** What `attempt` must still prove, counting it toward its address's and musician's pressure. */
    async assess(attempt: ProofAttempt): Promise<ProofAssessment> {
      if (mode === 'off' || exempt.has(attempt.musicianId)) {
        return { demand: 'none', pressure: 0, refused: false };
      }
      const now = Date.now();
      const seen = pressure.hit(attempt.musicianId, attempt.address, now);
      const quiet = mode === 'adaptive' && seen <= 1;
      // A +1 always proves a little work; a quiet request or suggestion none.
      const asked: ProofDemand = !quiet
        ? 'every'
        : attempt.kind === 'suggestion'
          ? 'none'
          : 'plus-one';
      if (attempt.payload === undefined) return { demand: asked, pressure: seen, refused: false };
      if (await proven(attempt, attempt.payload)) {
        return { demand: 'none', pressure: seen, refused: false };
      }
      // A bad proof is answered with a fresh challenge whatever the write (a retry of one that
      // went through is still answered as before: the replay is decided first).
      return { demand: 'every', pressure: seen, refused: true };
    },

    /**
     * The server's own requests to a made-up musician (request-path-warm-up.ts) prove nothing
     * until `release` is called: they run the path a phone's take, with no phone to solve.
     */
    exempt(musicianId: string): { release(): void } {
      exempt.add(musicianId);
      return { release: () => exempt.delete(musicianId) };
    },

    /** The 428 for a write that must prove work: a fresh challenge, as hard as the pressure. */
    async challenge(attempt: ProofAttempt, assessment: ProofAssessment): Promise<HttpError> {
      const challenge: ProofChallenge = {
        ...(await createChallenge({
          algorithm: 'SHA-256',
          hmacKey: await key(),
          maxnumber: maxNumberAt(assessment.pressure),
          expires: new Date(Date.now() + CHALLENGE_TTL_MS),
          params: { m: attempt.musicianId, k: attempt.kind },
        })),
        algorithm: 'SHA-256',
        maxnumber: maxNumberAt(assessment.pressure),
      };
      const detail = assessment.refused ? messages.proofOfWorkRefused : messages.proofOfWorkNeeded;
      return new HttpError(428, detail, {}, { challenge });
    },
  };
}

export type ProofOfWorkService = ReturnType<typeof proofOfWorkService>;
