import { messages } from '#shared/messages.ts';
import type { ReactNode } from 'react';

/** The empty place of Now or Next beside the queue, kept so nothing jumps when Played empties it. */
export function NothingLinedUp({ slot }: { slot: 'Now' | 'Next' }) {
  return (
    <div className={`stage-up-next-empty stage-empty-${slot.toLowerCase()}`}>
      <p className="request-eyebrow">{slot}</p>
      <p>{messages.onStageNothingUpNext}</p>
    </div>
  );
}

/**
 * Next while Up Next holds fewer than two: the first waiting request, with one tap to line it
 * up. Never empty while someone waits; marked as the queue's pick, not the musician's.
 */
export function NextSuggestion({ children }: { children: ReactNode }) {
  return (
    <section className="stage-next-suggestion" aria-label={messages.onStageNextSuggestionLabel}>
      {children}
    </section>
  );
}
