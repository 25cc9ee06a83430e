import { ApiError, fetchJson, type FetchOptions } from '#client/lib/api-fetch.ts';
import { DEVICE_ID_HEADER, TIME_ZONE_HEADER } from '#shared/limits.ts';
import { PROOF_OF_WORK_HEADER, type ProofChallenge } from '#shared/schemas/proof-of-work.ts';
import { useProofProgress } from './proof-of-work/proof-progress-store.ts';
import { deviceId } from './device-id.ts';
import { currentLocale } from './i18n/audience-i18n.ts';

/**
 * The page's own calls to `/api{path}`, on the lib client: no session, and Accept-Language set
 * to the page's language, so the server words its `detail` in the language the person reads
 * (the switcher's choice, not only the browser's). Throws ApiError like fetchJson: status 0 when
 * the server could not be reached, so the outbox knows what to retry.
 */
export function audienceFetch(path: string, options: FetchOptions = {}): Promise<unknown> {
  return fetchJson(path, {
    ...options,
    anonymous: true,
    headers: { 'accept-language': currentLocale(), ...options.headers },
  });
}

/** The phone's time zone: a song refused as played says when, on this clock. */
export function phoneTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** A fresh challenge a 428 carries (a refused proof gets one too): tries before giving up. */
const PROOF_ATTEMPTS = 3;
/** The person sees that the phone is working only past this: most solves end well before. */
const PROGRESS_AFTER_MS = 1_000;

/** The challenge of a 428 answer, if that is what `error` is. */
function challengeOf(error: unknown): ProofChallenge | undefined {
  if (!(error instanceof ApiError) || error.status !== 428) return undefined;
  const body = error.body as { challenge?: ProofChallenge } | undefined;
  return typeof body?.challenge?.salt === 'string' ? body.challenge : undefined;
}

/** Solves a challenge with the solver fetched now (a quiet page never loads it). */
async function proofFor(challenge: ProofChallenge): Promise<string | null> {
  const progress = setTimeout(
    () => useProofProgress.getState().setSolving(true),
    PROGRESS_AFTER_MS,
  );
  try {
    const { solveProof } = await import('./proof-of-work/solve-proof.ts');
    return await solveProof(challenge);
  } finally {
    clearTimeout(progress);
    useProofProgress.getState().setSolving(false);
  }
}

/**
 * POSTs one outbox submission with its Idempotency-Key, the phone's X-Device-Id and its time
 * zone (X-Time-Zone). A 428 (the server asks for a proof of work) is solved in the background
 * and the same write sent again with X-Altcha, without a word to the person; a retry of the
 * outbox solves its own.
 */
export async function postSubmission(path: string, body: unknown, key: string): Promise<unknown> {
  const send = (proof?: string) =>
    audienceFetch(path, {
      method: 'POST',
      body,
      idempotencyKey: key,
      headers: {
        [DEVICE_ID_HEADER]: deviceId(),
        [TIME_ZONE_HEADER]: phoneTimeZone(),
        ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}),
      },
    });
  let proof: string | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(proof);
    } catch (error) {
      const challenge = challengeOf(error);
      if (!challenge || attempt >= PROOF_ATTEMPTS) throw error;
      proof = (await proofFor(challenge)) ?? undefined;
      if (!proof) throw error;
    }
  }
}
