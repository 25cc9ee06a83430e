import { COMPLETED_SHOWN } from '#shared/limits.ts';

/**
 * The two screens that work the queue. The dashboard's On Stage tab is a board of columns read
 * at a desk (emails, exact times, counts, the latest completed); the stage screen is read from
 * two metres (a large Now, then Next, then compact rows; "3 min ago"; every completed request in
 * a scrolling list). The waiting column keeps each screen's title from the spec: "Live Requests"
 * on the dashboard, "Active Requests" on stage.
 */
export const LAYOUTS = {
  board: {
    container: 'board',
    column: 'board-column',
    completed: 'board-column',
    completedList: 'request-list',
    heading: 'h3',
    id: 'board',
    waitingTitle: 'Live Requests',
    completedTitle: 'Completed',
    counts: true,
    noneWaiting: 'No requests waiting right now.',
    completedShown: COMPLETED_SHOWN,
    clock: false,
    showEmail: true,
    shout: false,
    stage: false,
  },
  stage: {
    container: 'stage-sections',
    column: 'stage-section',
    completed: 'stage-section stage-completed',
    completedList: 'request-list completed-scroll',
    heading: 'h2',
    id: 'stage',
    waitingTitle: 'Active Requests',
    completedTitle: 'Completed Requests',
    counts: false,
    noneWaiting: 'No requests waiting. New ones appear here as they arrive.',
    completedShown: Infinity,
    clock: true,
    showEmail: false,
    shout: true,
    stage: true,
  },
} as const;

export type QueueLayout = keyof typeof LAYOUTS;
