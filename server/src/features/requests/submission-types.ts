// What a submission hands the requests repository and what the filing answers: the shapes the
// repository, its reads (submission-reads.ts) and its writes (submission-filing.ts) share.
import type { SongRequest } from '#shared/schemas/request.ts';
import type { SubmissionLimit } from '#server/config.ts';
import type { ProofDemand } from '#server/proof-of-work/proof-of-work-service.ts';

export interface AdmissionLimits {
  perRequester: SubmissionLimit;
  perMusicianPerMinute: number;
  perAddressPerMinute: number;
  /** +1s on one request from one address (config.ts). */
  votesPerAddress: number;
}

/** What an Idempotency-Key filed the first time, as stored (a request, or a +1 on one). */
export interface FirstSubmission {
  kind: 'request' | 'voter';
  requestId: string;
  fields: {
    song_id: string | null;
    requester_name: string;
    requester_email: string;
    dedication: string;
    tip_amount: number;
  };
}

export interface Submission {
  /** The song's owner as the server knows it: the status token and the source are keyed so. */
  musicianId: string;
  songId: string;
  requesterName: string;
  requesterEmail: string;
  dedication: string;
  tipAmount: number;
  deviceId: string;
  idempotencyKey: string | null;
  statusTokenHash: string;
  /** The sending address, keyed (submission-source.ts). */
  source: string;
  /**
   * The server's clock, read once: the request window, the limits' windows, and the times the
   * filing writes (created_at, updated_at) are all this instant.
   */
  now: Date;
  limits: AdmissionLimits;
  /** The id to file under (a paid request's, given to the phone before Checkout). */
  id?: string;
  /** Paid through Stripe: filed as a paid request, before the unpaid ones. */
  paid?: boolean;
  /** What it must still prove of work (proof-of-work-service.ts); none when left out. */
  proof?: ProofDemand;
}

export type Filed =
  /** The song is another musician's than the one handed in: nothing was filed. */
  | { outcome: 'owner'; musicianId: string }
  /** The key filed something already: a retry, answered with what it filed. */
  | { outcome: 'replay' }
  | { outcome: 'unavailable'; hidden: boolean }
  /** Outside the musician's request window (read at `now`). */
  | { outcome: 'closed'; requestsOpenAt: Date | null; requestsCloseAt: Date | null }
  /** A public playlist is playing and the song is on none. */
  | { outcome: 'not_in_set' }
  /** Refused by the requester's own limit: seconds until one more is allowed. */
  | { outcome: 'requester_limit'; waitSeconds: number }
  /** Refused by the musician's budget per minute, or by this address's share of it. */
  | { outcome: 'musician_limit'; waitSeconds: number }
  /** The no-repeats rule holds the song back: it was played then (decided under the lock). */
  | { outcome: 'repeat'; playedAt: Date }
  /** The same person's request for this song already waits: theirs, unchanged. */
  | { outcome: 'already'; musicianId: string; requestId: string }
  /** The request has its address's share of +1s: answered as counted already, counting nothing. */
  | { outcome: 'votes_full'; musicianId: string; requestId: string }
  /** It must carry a solved challenge before anything is filed: nothing was. */
  | { outcome: 'proof' }
  | {
      outcome: 'created' | 'merged';
      musicianId: string;
      requestId: string;
      /** As the musician sees it; undefined when a blocked requester filed it. */
      request: SongRequest | undefined;
      /** Requests whose queue_position the filing changed (this one included, if it moved). */
      moved: string[];
    };
