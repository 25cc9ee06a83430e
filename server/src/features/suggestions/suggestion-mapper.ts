import type { Selectable } from 'kysely';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import type { SongSuggestionsTable } from '#server/db/tables.ts';

export type SuggestionRow = Selectable<SongSuggestionsTable>;

export function toSuggestion(row: SuggestionRow): Suggestion {
  return {
    id: row.id,
    suggested_title: row.suggestedTitle,
    suggested_artist: row.suggestedArtist,
    requester_name: row.requesterName,
    requester_email: row.requesterEmail,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
