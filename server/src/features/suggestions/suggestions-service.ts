import { messages } from '#shared/messages.ts';
import type {
  CreateSuggestionData,
  Suggestion,
  SuggestionStatusBody,
} from '#shared/schemas/suggestion.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, forbidden, notFound } from '#server/http/errors.ts';
import type { SuggestionsRepository } from './suggestions-repository.ts';

interface Deps {
  suggestions: SuggestionsRepository;
  events: DomainEvents;
}

export function suggestionsService({ suggestions, events }: Deps) {
  return {
    /** An audience member suggests a song that is not on the list. */
    async create(data: CreateSuggestionData, idempotencyKey: string | null) {
      const recipient = await suggestions.recipient(data.musician_slug);
      if (!recipient) throw notFound(messages.musicianNotFound);
      if (!recipient.allowSuggestions) throw forbidden(messages.suggestionsDisabled);

      const { suggestion, created } = await suggestions.insert({
        musicianId: recipient.musicianId,
        suggestedTitle: data.suggested_title,
        suggestedArtist: data.suggested_artist,
        requesterName: data.requester_name,
        requesterEmail: data.requester_email,
        message: data.message,
        idempotencyKey,
      });
      if (created) {
        events.publish({
          musicianId: recipient.musicianId,
          name: 'suggestion:created',
          payload: suggestion,
        });
      }
      return { id: suggestion.id, status: suggestion.status };
    },

    list: (musicianId: string) => suggestions.list(musicianId),

    async decide(
      musicianId: string,
      id: string,
      { status }: SuggestionStatusBody,
    ): Promise<Suggestion> {
      const decided = await suggestions.decide(musicianId, id, status);
      if (!decided) {
        const existing = await suggestions.findOwned(musicianId, id);
        if (!existing) throw notFound(messages.suggestionNotFound);
        throw badRequest(messages.suggestionAlreadyHandled);
      }
      events.publish({ musicianId, name: 'suggestion:updated', payload: decided });
      // Adding a suggestion puts the song in the list the audience sees.
      if (status === 'added') events.publish({ musicianId, name: 'songs:changed', payload: {} });
      return decided;
    },

    async delete(musicianId: string, id: string): Promise<void> {
      if (!(await suggestions.delete(musicianId, id))) throw notFound(messages.suggestionNotFound);
      events.publish({ musicianId, name: 'suggestion:deleted', payload: { id } });
    },
  };
}

export type SuggestionsService = ReturnType<typeof suggestionsService>;
