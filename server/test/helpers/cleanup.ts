import { afterAll, onTestFinished } from 'vitest';

/**
 * Runs `cleanup` when the caller's scope ends: after the test if called inside one (an
 * `afterAll` registered there would never run), else after the file or describe block.
 * onTestFinished refuses outside a test, which is how a caller at file level is told apart
 * (expect's current test name is no guide: it outlives the test file when files share a worker).
 */
export function cleanUpLater(cleanup: () => Promise<void> | void): void {
  try {
    onTestFinished(cleanup);
  } catch {
    afterAll(cleanup);
  }
}
