/**
 * Vitest's global setup for the server suite: one line for each requirement of some tests that
 * this machine lacks (requirements.ts), naming what turns them on; those tests skip themselves.
 * With REQUIRE_ALL_TESTS=1 (.ci/run) a missing requirement fails the run before any test, so a
 * CI machine that lost a service cannot pass by skipping.
 */
import { requirements, skipLine } from './requirements.ts';

export default function requirementsSetup(): void {
  const missing = Object.values(requirements).filter((requirement) => !requirement.present());
  const lines = missing.map(skipLine);
  if (missing.length > 0 && process.env.REQUIRE_ALL_TESTS === '1') {
    throw new Error(
      `REQUIRE_ALL_TESTS=1, and this machine would skip tests:\n${lines.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  for (const line of lines) console.warn(line);
}
