import { messages } from '#shared/messages.ts';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import type { Notify } from '#client/lib/use-toast.ts';
import { suggestionsApi } from './suggestions-api.ts';
import { useSuggestionsStore } from './suggestions-store.ts';

/** Add (to the repertoire), reject, delete and refresh; each reports through `notify`. */
export function suggestionActions(notify: Notify) {
  const store = () => useSuggestionsStore.getState();

  async function decide(suggestions: readonly Suggestion[], status: 'added' | 'rejected') {
    if (suggestions.length === 0) return notify(messages.suggestionsSelectionEmpty, 'error');
    try {
      await Promise.all(
        suggestions.map(async (s) => store().upsert(await suggestionsApi.decide(s.id, status))),
      );
      notify(status === 'added' ? messages.suggestionAdded : messages.suggestionRejectedDone);
    } catch (error) {
      notify(errorMessage(error, messages.suggestionActionFailed), 'error');
    }
  }

  return {
    add: (suggestions: readonly Suggestion[]) => decide(suggestions, 'added'),
    reject: (suggestions: readonly Suggestion[]) => decide(suggestions, 'rejected'),
    async remove(suggestion: Suggestion) {
      try {
        await suggestionsApi.delete(suggestion.id);
        store().remove(suggestion.id);
        notify(messages.suggestionDeleted);
      } catch (error) {
        notify(errorMessage(error, messages.suggestionActionFailed), 'error');
      }
    },
    async refresh() {
      const startedAt = performance.now();
      try {
        store().applySnapshot(await suggestionsApi.list(), startedAt);
      } catch (error) {
        notify(errorMessage(error, messages.suggestionFetchFailed), 'error');
      }
    },
  };
}
