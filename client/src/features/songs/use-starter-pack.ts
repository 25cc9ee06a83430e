import { useCallback } from 'react';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { songsApi } from './songs-api.ts';
import { reloadSongs } from './use-songs-loader.ts';

export interface StarterPackOutcome {
  tone: 'error' | 'success';
  text: string;
}

/**
 * The one-click starter pack (POST /api/songs/starter-pack), then the song list reloaded. The
 * CSV panel and the empty Songs tab both offer it; each shows the outcome its own way.
 */
export function useStarterPack() {
  const { busy, run } = useBusy();
  const add = useCallback(
    (): Promise<StarterPackOutcome> =>
      run(async () => {
        try {
          const result = await songsApi.addStarterPack();
          await reloadSongs().catch(() => {});
          return { tone: 'success', text: result.message };
        } catch (error) {
          return { tone: 'error', text: errorMessage(error, messages.starterPackFailed) };
        }
      }),
    [run],
  );
  return { busy, add };
}
