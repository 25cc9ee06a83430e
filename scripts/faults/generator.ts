/**
 * The audience: phones submitting POST /api/requests through the balancer, each with its own
 * Idempotency-Key, retrying the same key on a network error, a time-out or a 5xx until the
 * server acknowledges it, as a phone on venue wifi does.
 */
import { sleep } from './processes.ts';
import type { SeededMusician } from './seed.ts';

export interface Submission {
  key: string;
  musicianId: string;
  songId: string;
  body: {
    song_id: string;
    requester_name: string;
    requester_email: string;
    dedication: string;
  };
}

export interface Outcome {
  submission: Submission;
  /** The request id of the acknowledgement, undefined when none came. */
  ackedId?: string;
  attempts: number;
  /** A 4xx answer other than 408/429: the submission was refused, which should never happen. */
  refused?: string;
}

/** One submission per song, taking the musicians in turn. */
export function planSubmissions(run: string, musicians: SeededMusician[]): Submission[] {
  const plan: Submission[] = [];
  const songs = Math.max(...musicians.map((musician) => musician.songIds.length));
  for (let s = 0; s < songs; s++) {
    for (const musician of musicians) {
      const songId = musician.songIds[s];
      if (!songId) continue;
      const n = plan.length;
      plan.push({
        key: `faults-${run}-${n}`,
        musicianId: musician.id,
        songId,
        body: {
          song_id: songId,
          requester_name: `Fan ${n}`,
          requester_email: `fan-${run}-${n}@example.com`,
          dedication: `faults:${n}`,
        },
      });
    }
  }
  return plan;
}

const ATTEMPT_TIMEOUT_MS = 10_000;

/** One POST; the id on a 201, 'retry' when the phone should try the same key again. */
async function attempt(
  url: string,
  submission: Submission,
): Promise<{ id: string } | 'retry' | { refused: string }> {
  try {
    const res = await fetch(`${url}/api/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': submission.key },
      body: JSON.stringify(submission.body),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status === 201) return { id: (JSON.parse(text) as { id: string }).id };
    if (res.status >= 500 || res.status === 408 || res.status === 429) return 'retry';
    return { refused: `${res.status} ${text}` };
  } catch {
    return 'retry'; // connection reset, refused, or timed out: the answer may have been lost
  }
}

/** Submits until acknowledged (or `giveUpAt`, a safety net far beyond any fault). */
export async function submitUntilAcknowledged(
  url: string,
  submission: Submission,
  giveUpAt: number,
): Promise<Outcome> {
  for (let attempts = 1; ; attempts++) {
    const result = await attempt(url, submission);
    if (result !== 'retry') {
      return 'id' in result
        ? { submission, ackedId: result.id, attempts }
        : { submission, refused: result.refused, attempts };
    }
    if (Date.now() > giveUpAt) return { submission, attempts };
    await sleep(Math.min(2000, 100 * attempts));
  }
}

export interface Load {
  /** Submissions whose first attempt has gone out. */
  readonly started: number;
  /** Submissions acknowledged so far. */
  readonly acknowledged: number;
  readonly done: Promise<Outcome[]>;
}

/**
 * Sends the plan at `perSecond` (each submission when its time comes, whatever the earlier ones
 * are doing), at most `concurrency` in flight, so retries stretch the run rather than pile up.
 */
export function runLoad(
  url: string,
  plan: Submission[],
  {
    perSecond,
    concurrency,
    giveUpAfterMs,
  }: { perSecond: number; concurrency: number; giveUpAfterMs: number },
): Load {
  const state = { started: 0, acknowledged: 0 };
  const startedAt = Date.now();
  const giveUpAt = startedAt + giveUpAfterMs;
  const outcomes: Outcome[] = new Array<Outcome>(plan.length);
  let next = 0;

  async function worker() {
    while (next < plan.length) {
      const index = next++;
      const due = startedAt + (index * 1000) / perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      state.started++;
      const outcome = await submitUntilAcknowledged(url, plan[index]!, giveUpAt);
      if (outcome.ackedId) state.acknowledged++;
      outcomes[index] = outcome;
    }
  }

  const done = Promise.all(Array.from({ length: concurrency }, worker)).then(() => outcomes);
  return {
    get started() {
      return state.started;
    },
    get acknowledged() {
      return state.acknowledged;
    },
    done,
  };
}

/** Sends every acknowledged key once more: the answer must name the same request. */
export async function replayAcknowledged(
  url: string,
  outcomes: Outcome[],
  concurrency: number,
): Promise<{ same: number; different: Array<{ key: string; first: string; again: string }> }> {
  const acked = outcomes.filter((outcome) => outcome.ackedId);
  const different: Array<{ key: string; first: string; again: string }> = [];
  let same = 0;
  let next = 0;
  const giveUpAt = Date.now() + 60_000;
  async function worker() {
    while (next < acked.length) {
      const outcome = acked[next++]!;
      const again = await submitUntilAcknowledged(url, outcome.submission, giveUpAt);
      if (again.ackedId === outcome.ackedId) same++;
      else {
        different.push({
          key: outcome.submission.key,
          first: outcome.ackedId!,
          again: again.ackedId ?? again.refused ?? 'no answer',
        });
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { same, different };
}
