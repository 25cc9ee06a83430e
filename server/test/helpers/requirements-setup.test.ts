import { afterEach, describe, expect, it, vi } from 'vitest';
import requirementsSetup from './requirements-setup.ts';

/**
 * The run's one line per missing requirement, and CI's refusal to pass by skipping. The
 * variables are changed for each test alone; a program is missing when its $VARIABLE names no file.
 */
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function machineWithout(...variables: ('TEST_DATABASE_URL' | 'TEST_REDIS_URL')[]) {
  for (const name of variables) vi.stubEnv(name, '');
  vi.stubEnv('HAPROXY', '/nowhere/haproxy');
}

describe("the server suite's requirements", () => {
  it('prints one line for each one missing, naming what turns its tests on', () => {
    machineWithout('TEST_DATABASE_URL', 'TEST_REDIS_URL');
    vi.stubEnv('REQUIRE_ALL_TESTS', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    requirementsSetup();
    const lines = warn.mock.calls.map(([line]) => line as string);
    expect(lines).toEqual(
      expect.arrayContaining([
        'PostgreSQL tests skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them.',
        'Redis tests (several server processes) skipped: set TEST_REDIS_URL=redis://127.0.0.1:6379 (and TEST_DATABASE_URL) to run them.',
        'HAProxy tests skipped: install haproxy (apt-get install haproxy; or set HAPROXY to its path) to run them.',
      ]),
    );
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('prints nothing for what is there', () => {
    vi.stubEnv('TEST_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test');
    vi.stubEnv('TEST_REDIS_URL', 'redis://127.0.0.1:6379');
    vi.stubEnv('REQUIRE_ALL_TESTS', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    requirementsSetup();
    const lines = warn.mock.calls.map(([line]) => line as string);
    expect(lines.filter((line) => /PostgreSQL|TEST_REDIS_URL/.test(line))).toEqual([]);
  });

  it('fails the run under REQUIRE_ALL_TESTS=1, listing what is missing', () => {
    machineWithout('TEST_REDIS_URL');
    vi.stubEnv('REQUIRE_ALL_TESTS', '1');
    expect(() => requirementsSetup()).toThrow(
      /^REQUIRE_ALL_TESTS=1, and this machine would skip tests:\n.*Redis tests \(several server processes\) skipped: set TEST_REDIS_URL=.*\n.*HAProxy tests skipped/s,
    );
  });
});
