import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { lastCallTime, queueLengthWords, type QueueTimeline } from './queue-timeline.ts';
import './queue-clock.css';

/** "Queue: 1 h 12 min · 18 songs" beside the waiting column's title; nothing for an empty queue. */
export function QueueLength({ timeline }: { timeline: QueueTimeline }) {
  if (timeline.songs === 0) return null;
  return <p className="queue-length">{queueLengthWords(timeline)}</p>;
}

/** The line the last call draws across the queue, above the first request that won't fit. */
export function LastCallLine({ at }: { at: string }) {
  return (
    <p className="last-call-line">
      <span>{fill(messages.onStageLastCallLine, { time: lastCallTime(at) })}</span>
    </p>
  );
}
