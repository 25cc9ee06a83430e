import { messages } from '#shared/messages.ts';
import {
  PUBLIC_FIRST_NAME_MAX_LENGTH,
  VENUE_SCREEN_QUEUE_LENGTH,
  type PublicQueueEntry,
  type PublicQueueResponse,
  type VenueScreenEntry,
  type VenueScreenResponse,
  type VoteResponse,
} from '#shared/schemas/public-queue.ts';
import type {
  AlreadyRequested,
  CreateRequestData,
  CreatedRequest,
} from '#shared/schemas/request.ts';
import { isOpenStatus, type RequestStatus } from '#shared/schemas/request.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { firstName, withoutEmailAddresses } from '#server/realtime/feed-messages.ts';
import type { OpenRequestRow, PublicQueueRepository } from './public-queue-repository.ts';

/** Who sends a +1, as the request route reads them from the HTTP request. */
export interface Voter {
  requester_name: string;
  requester_email: string;
  idempotencyKey: string | null;
  deviceId: string;
  address: string;
  timeZone: string | undefined;
  /** The X-Altcha sent, if any: a +1 proves a little work (proof-of-work/). */
  proof?: string | undefined;
}

interface Deps {
  queue: PublicQueueRepository;
  /**
   * Files a request as the audience's POST /requests does (requests.create): a request for a
   * song already waiting is a +1 on it, under every limit, the blocklist and the flood guard,
   * and the same person (email or device) asking again counts nothing.
   */
  fileRequest(
    data: CreateRequestData,
    idempotencyKey: string | null,
    deviceId: string,
    address: string,
    timeZone: string | undefined,
    proof: { kind: 'vote'; payload: string | undefined },
  ): Promise<CreatedRequest | AlreadyRequested>;
  /** The audience page's address for a slug (the QR code's link). */
  audienceLink(publicUrl: string, slug: string): string;
  /** The QR code of a link as an SVG path (qr-code's qrPath). */
  qrPath(link: string): { size: number; path: string };
}

/** "Mary Jane Smith" -> "Mary": one word, never an address, never longer than a screen allows. */
export function publicFirstName(name: string): string {
  return [...firstName(name)].slice(0, PUBLIC_FIRST_NAME_MAX_LENGTH).join('');
}

/** Built field by field, so nothing else the row carries can ride along. */
function toEntry(row: OpenRequestRow): PublicQueueEntry {
  return {
    id: row.id,
    song_title: row.song_title,
    song_artist: row.song_artist,
    requester_first_name: publicFirstName(row.requester_name),
    votes: row.votes,
    status: row.status,
    queue_position: row.queue_position,
  };
}

export function publicQueueService({ queue, fileRequest, audienceLink, qrPath }: Deps) {
  return {
    /** GET /musicians/{slug}/screen; 404 for an unknown musician or a screen switched off. */
    async screen(slug: string, publicUrl: string): Promise<VenueScreenResponse> {
      const musician = await queue.musician(slug);
      if (!musician) throw notFound(messages.musicianNotFound);
      if (!musician.venueScreenEnabled) throw notFound(messages.venueScreenOff);
      const rows = await queue.open(musician.id);
      const toScreen = (row: OpenRequestRow): VenueScreenEntry => ({
        ...toEntry(row),
        dedication: musician.venueScreenDedications ? withoutEmailAddresses(row.dedication) : '',
      });
      const now = rows[0]?.status === 'up_next' ? rows[0] : undefined;
      const rest = now ? rows.slice(1) : rows;
      const link = audienceLink(publicUrl, musician.slug);
      return {
        now: now ? toScreen(now) : null,
        next: rest[0] ? toScreen(rest[0]) : null,
        queue: rest.slice(1, 1 + VENUE_SCREEN_QUEUE_LENGTH).map(toScreen),
        more: Math.max(0, rest.length - 1 - VENUE_SCREEN_QUEUE_LENGTH),
        audience_url: link,
        qr: qrPath(link),
      };
    },

    /** GET /musicians/{slug}/queue, and whose it is; 404 unless the musician shows their queue. */
    async queue(slug: string): Promise<{ musicianId: string; queue: PublicQueueResponse }> {
      const musician = await queue.musician(slug);
      if (!musician?.publicQueue) throw notFound(messages.publicQueueOff);
      return {
        musicianId: musician.id,
        queue: { requests: (await queue.open(musician.id)).map(toEntry) },
      };
    },

    /**
     * POST /requests/{id}/vote: a +1 is a request for the same song, filed the same way (see
     * fileRequest), so one person counts once however often they press, by email or by device,
     * and one address's +1s on one request stop counting at VOTE_LIMIT_PER_ADDRESS (answered as
     * already voted: request-admission.ts).
     */
    async vote(requestId: string, voter: Voter): Promise<VoteResponse> {
      const target = await queue.voteTarget(requestId);
      if (!target) throw notFound(messages.requestNotFound);
      if (!target.publicQueue) throw notFound(messages.publicQueueOff);
      if (!isOpenStatus(target.status as RequestStatus)) throw conflict(messages.voteNotOpen);
      if (!target.joinable || !target.songId) throw conflict(messages.voteNotTaken);
      const filed = await fileRequest(
        {
          song_id: target.songId,
          requester_name: voter.requester_name,
          requester_email: voter.requester_email,
          dedication: '',
          tip_amount: 0,
        },
        voter.idempotencyKey,
        voter.deviceId,
        voter.address,
        voter.timeZone,
        { kind: 'vote', payload: voter.proof },
      );
      const votes = (await queue.votes(requestId)) ?? 1;
      // A blocked requester's +1 is filed apart like their requests: answered, counted nowhere.
      return { id: requestId, votes, already_voted: 'already_requested' in filed };
    },
  };
}

export type PublicQueueService = ReturnType<typeof publicQueueService>;
