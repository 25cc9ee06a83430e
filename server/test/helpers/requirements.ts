/**
 * What some server tests need beyond Node: a PostgreSQL server, a Redis server, or a program they
 * start themselves. A test that lacks its requirement is skipped (`describe.runIf(has.x)`), and
 * the run says so once per requirement, naming what turns it on (requirements-setup.ts); with
 * REQUIRE_ALL_TESTS=1 (CI) a missing requirement fails the run instead.
 */
import { findExecutable, findProgram } from '#scripts/lib/find-executable.ts';

export interface Requirement {
  /** Which tests, as the printed line names them. */
  tests: string;
  present(): boolean;
  /** What to do to run them. */
  turnOn: string;
}

const program = (name: string) => () => findExecutable(name) !== undefined;

export const requirements = {
  postgres: {
    tests: 'PostgreSQL tests',
    present: () => Boolean(process.env.TEST_DATABASE_URL),
    turnOn: 'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
  },
  redis: {
    tests: 'Redis tests (several server processes)',
    present: () => Boolean(process.env.TEST_REDIS_URL),
    turnOn: 'set TEST_REDIS_URL=redis://127.0.0.1:6379 (and TEST_DATABASE_URL)',
  },
  redisServer: {
    tests: 'Redis Cluster and local-first broadcast tests',
    present: () => program('redis-server')() && program('redis-cli')(),
    turnOn: 'install redis-server and redis-cli (apt-get install redis-server)',
  },
  haproxy: {
    tests: 'HAProxy tests',
    present: () => findProgram('haproxy', 'HAPROXY') !== undefined,
    turnOn: 'install haproxy (apt-get install haproxy; or set HAPROXY to its path)',
  },
  strace: {
    tests: 'SQLite durability tests',
    present: program('strace'),
    turnOn: 'install strace (apt-get install strace)',
  },
  xz: {
    tests: 'PGlite import tests',
    present: program('xz'),
    turnOn: 'install xz (apt-get install xz-utils)',
  },
} satisfies Record<string, Requirement>;

export type RequirementName = keyof typeof requirements;

/** Whether each requirement is met, read once when a test file imports this. */
export const has = Object.fromEntries(
  Object.entries(requirements).map(([name, requirement]) => [name, requirement.present()]),
) as Record<RequirementName, boolean>;

/** The line printed for a requirement that is missing. */
export const skipLine = (requirement: Requirement) =>
  `${requirement.tests} skipped: ${requirement.turnOn} to run them.`;
