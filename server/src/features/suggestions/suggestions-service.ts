import { randomUUID } from 'node:crypto';
import { fill } from '#shared/fill-message.ts';
import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type {
  CreateSuggestionData,
  Suggestion,
  SuggestionStatusBody,
} from '#shared/schemas/suggestion.ts';
import type { SubmissionLimits } from '#server/config.ts';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/http/errors.ts';
import { requireSameSubmission } from '#server/http/idempotency.ts';
import { floodError, limitError, limitReached } from '#server/submissions/submission-limit.ts';
import type { Requester } from '#server/submissions/requester.ts';
import { submissionSource } from '#server/submissions/submission-source.ts';
import type { ProofOfWorkService } from '#server/proof-of-work/proof-of-work-service.ts';
import { toSuggestion } from './suggestion-mapper.ts';
import type { SuggestionsRepository } from './suggestions-repository.ts';

interface Deps {
  suggestions: SuggestionsRepository;
  /** The blocklist's check (blocklist-repository.ts), injected by services.ts. */
  blocklist: { isBlocked(musicianId: string, who: Requester): Promise<boolean> };
  events: DomainEvents;
  keys: DerivedKeys;
  limits: Pick<
    SubmissionLimits,
    'suggestionsPerRequester' | 'perMusicianPerMinute' | 'perAddressPerMinute'
  >;
  /** Whether the audience may request the song now (the active playlist's rule, playlists). */
  requestable: (songId: string) => Promise<boolean>;
  /** The proof of work the audience's route asks for (PROOF_OF_WORK); absent in other tests. */
  proofOfWork?: ProofOfWorkService;
}

type SuggestionRow = NonNullable<
  Awaited<ReturnType<SuggestionsRepository['findByIdempotencyKey']>>
>;

/** A used Idempotency-Key answers its first suggestion only for the same suggestion. */
function requireSame(row: SuggestionRow, data: CreateSuggestionData) {
  requireSameSubmission(
    {
      suggested_title: row.suggestedTitle,
      suggested_artist: row.suggestedArtist,
      requester_name: row.requesterName,
      requester_email: row.requesterEmail,
      message: row.message,
    },
    {
      suggested_title: data.suggested_title,
      suggested_artist: data.suggested_artist,
      requester_name: data.requester_name,
      requester_email: data.requester_email,
      message: data.message,
    },
  );
}

export function suggestionsService({
  suggestions,
  blocklist,
  events,
  keys,
  limits,
  requestable,
  proofOfWork,
}: Deps) {
  /** A song the person could request from the page: suggesting it would only wait in a list. */
  async function isListed(musicianId: string, data: CreateSuggestionData): Promise<boolean> {
    const ids = await suggestions.visibleSongIdsOf(
      musicianId,
      data.suggested_title,
      data.suggested_artist,
    );
    for (const id of ids) if (await requestable(id)) return true;
    return false;
  }

  return {
    /**
     * An audience member suggests a song that is not on the list. A blocked requester's is
     * answered like any other and kept nowhere (the table has no place to hide it). 429 past
     * the suggester's limit (by email), the musician's budget, or `address`'s share of it.
     */
    async create(
      data: CreateSuggestionData,
      idempotencyKey: string | null,
      deviceId = '',
      address = '',
      /** The route's X-Altcha (undefined when none was sent); left out, no proof is asked. */
      proof?: { payload: string | undefined },
    ) {
      const recipient = await suggestions.recipient(data.musician_slug);
      if (!recipient) throw notFound(messages.musicianNotFound);
      const { musicianId } = recipient;
      // A retry is answered before any limit or setting: it was taken the first time.
      const earlier =
        idempotencyKey && (await suggestions.findByIdempotencyKey(musicianId, idempotencyKey));
      if (earlier) {
        requireSame(earlier, data);
        return { id: earlier.id, status: earlier.status };
      }
      if (!recipient.allowSuggestions) throw forbidden(messages.suggestionsDisabled);
      // Refused before the limits: nothing is stored, so nothing counts.
      if (await isListed(musicianId, data)) throw conflict(messages.suggestionAlreadyListed);
      if (proof && proofOfWork) {
        const attempt = { musicianId, kind: 'suggestion' as const, address, ...proof };
        const assessment = await proofOfWork.assess(attempt);
        if (assessment.demand !== 'none') throw await proofOfWork.challenge(attempt, assessment);
      }
      const who = { email: data.requester_email, deviceId };
      if (await blocklist.isBlocked(musicianId, who)) {
        return { id: randomUUID(), status: 'pending' as const };
      }

      const { suggestionsPerRequester: perRequester } = limits;
      const filed = await suggestions.file(
        {
          musicianId,
          suggestedTitle: data.suggested_title,
          suggestedArtist: data.suggested_artist,
          requesterName: data.requester_name,
          requesterEmail: data.requester_email,
          message: data.message,
          idempotencyKey,
          source: await submissionSource(keys, musicianId, address),
        },
        {
          perRequester,
          perMusicianPerMinute: limits.perMusicianPerMinute,
          perAddressPerMinute: limits.perAddressPerMinute,
        },
      );
      if (filed.outcome === 'requester_limit') {
        const reached = limitReached(filed.waitSeconds, perRequester.max)!;
        throw limitError('suggestion', reached, perRequester.windowMinutes);
      }
      if (filed.outcome === 'musician_limit') {
        // The budget or this address's share of it: to the person, the page is too busy.
        throw floodError(limitReached(filed.waitSeconds, 1)!.retryAfterSeconds);
      }
      // The same key a moment ago (a retry racing its first try): that suggestion's answer.
      if (filed.outcome === 'existing') requireSame(filed.row, data);
      const suggestion = toSuggestion(filed.row);
      if (filed.outcome === 'created') {
        events.publish({ musicianId, name: 'suggestion:created', payload: suggestion });
      }
      return { id: suggestion.id, status: suggestion.status };
    },

    list: (musicianId: string) => suggestions.list(musicianId),

    async decide(
      musicianId: string,
      id: string,
      { status }: SuggestionStatusBody,
    ): Promise<Suggestion> {
      const decision = await suggestions.decide(musicianId, id, status);
      if (!decision) {
        const existing = await suggestions.findOwned(musicianId, id);
        if (!existing) throw notFound(messages.suggestionNotFound);
        throw badRequest(messages.suggestionAlreadyHandled);
      }
      // The same answer as adding the song by hand to a full list; the suggestion stays pending.
      if ('full' in decision) {
        const max = SONGS_PER_MUSICIAN_MAX.toLocaleString('en');
        throw conflict(fill(messages.songCapReached, { max }));
      }
      const { suggestion: decided, songAdded } = decision;
      events.publish({ musicianId, name: 'suggestion:updated', payload: decided });
      // Adding a suggestion puts the song in the list the audience sees.
      if (status === 'added') {
        const songsAdded = songAdded ? [songAdded] : undefined;
        events.publish({ musicianId, name: 'songs:changed', payload: {}, songsAdded });
      }
      return decided;
    },

    /** A song just added another way (Learn next): its pending suggestions are answered. */
    async markAdded(musicianId: string, song: { title: string; artist: string }) {
      for (const suggestion of await suggestions.markAdded(musicianId, song)) {
        events.publish({ musicianId, name: 'suggestion:updated', payload: suggestion });
      }
    },

    async delete(musicianId: string, id: string): Promise<void> {
      if (!(await suggestions.delete(musicianId, id))) throw notFound(messages.suggestionNotFound);
      events.publish({ musicianId, name: 'suggestion:deleted', payload: { id } });
    },
  };
}

export type SuggestionsService = ReturnType<typeof suggestionsService>;
