import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { fill } from '#shared/fill-message.ts';
import { songsApi } from './songs-api.ts';
import { reloadSongs } from './use-songs-loader.ts';

interface Progress {
  processed: number;
  enriched: number;
  remaining: number;
  done: boolean;
}

/**
 * Auto-fill All: calls batch-enrich until nothing remains (each call has a time budget),
 * showing how far it got.
 */
export function AutoFillAll({ onClose }: { onClose(): void }) {
  const [progress, setProgress] = useState<Progress>({
    processed: 0,
    enriched: 0,
    remaining: 0,
    done: false,
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    let processed = 0;
    let enriched = 0;
    async function run() {
      try {
        for (let round = 0; round < 100 && !cancelled; round++) {
          const result = await songsApi.batchEnrich();
          processed += result.processed;
          enriched += result.enriched;
          const done = result.remaining === 0 || result.processed === 0;
          setProgress({ processed, enriched, remaining: result.remaining, done });
          if (done) break;
        }
      } catch (failure) {
        setError(errorMessage(failure, messages.batchEnrichFailed));
      }
      await reloadSongs().catch(() => {});
    }
    void run();
    return () => {
      cancelled = true;
    };
  }, []);

  const total = progress.processed + progress.remaining;
  return (
    <section className="card import-panel" aria-labelledby="autofill-title">
      <div className="panel-header">
        <h3 id="autofill-title">Auto-fill All</h3>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          {progress.done || error ? 'Close' : 'Stop'}
        </button>
      </div>
      <p className="field-hint">
        Looks up missing genres, moods, years and songwriters for every song that lacks them.
      </p>
      {!progress.done && !error && (
        <progress
          aria-label="Auto-fill progress"
          max={total || undefined}
          value={total ? progress.processed : undefined}
        />
      )}
      <p role="status">
        {progress.done
          ? fill(messages.batchEnrichDone, {
              enriched: progress.enriched,
              processed: progress.processed,
            })
          : `Processed ${progress.processed}${total ? ` of ${total}` : ''}, filled in ${progress.enriched}…`}
      </p>
      <StatusMessage tone="error">{error}</StatusMessage>
    </section>
  );
}
