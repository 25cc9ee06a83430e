import { afterAll, expect, onTestFinished } from 'vitest';

/**
 * Runs `cleanup` when the caller's scope ends: after the test if called inside one (an
 * `afterAll` registered there would never run), else after the file or describe block.
 */
export function cleanUpLater(cleanup: () => Promise<void> | void): void {
  if (expect.getState().currentTestName !== undefined) onTestFinished(cleanup);
  else afterAll(cleanup);
}
