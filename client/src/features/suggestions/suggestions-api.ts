import { api } from '#client/lib/api-client.ts';
import { SuccessResponse } from '#shared/schemas/common.ts';
import {
  Suggestion,
  SuggestionListResponse,
  type SuggestionStatusBody,
} from '#shared/schemas/suggestion.ts';

const suggestionPath = (id: string) => `/song-suggestions/${encodeURIComponent(id)}`;

export const suggestionsApi = {
  list: () => api.get('/song-suggestions', SuggestionListResponse),
  decide: (id: string, status: SuggestionStatusBody['status']) =>
    api.put(`${suggestionPath(id)}/status`, Suggestion, { status }),
  delete: (id: string) => api.delete(suggestionPath(id), SuccessResponse),
};
