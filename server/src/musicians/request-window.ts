/**
 * The request window (issue 22): the musician's Requests switch is the base, and the window only
 * keeps requests off before `requests_open_at` and after `requests_close_at`. So requests are
 * taken when the switch is on and now is inside the window; the switch flipped off by hand during
 * the window stays off (the window's times do not turn it back on), and flipping it on by hand
 * outside the window lifts the bound that kept it closed (profile-service.ts), so the switch
 * always does what the musician sees.
 */
export interface RequestWindow {
  requestsEnabled: boolean;
  requestsOpenAt: Date | null;
  requestsCloseAt: Date | null;
}

/** Whether the window's times let requests in at `now` (the switch aside). */
export function insideWindow(window: RequestWindow, now: Date): boolean {
  const opened = !window.requestsOpenAt || window.requestsOpenAt.getTime() <= now.getTime();
  const notClosed = !window.requestsCloseAt || now.getTime() < window.requestsCloseAt.getTime();
  return opened && notClosed;
}

/** requests_enabled as everyone reads it: the switch, inside the window. */
export function requestsOpen(window: RequestWindow, now: Date): boolean {
  return window.requestsEnabled && insideWindow(window, now);
}

/** The latest of the window's times already passed at `now` (what a switch announced last). */
export function lastPassedTime(window: RequestWindow, now: Date): Date | null {
  const passed = [window.requestsOpenAt, window.requestsCloseAt].filter(
    (time): time is Date => time !== null && time.getTime() <= now.getTime(),
  );
  return passed.reduce<Date | null>((a, b) => (a && a > b ? a : b), null);
}

/** The clock the server reads the window with; tests hand in their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
