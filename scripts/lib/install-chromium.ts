/**
 * A Chromium for the browser tests, installed when the machine has none: `apt-get install
 * chromium` as root, or through `sudo -n` (never a password prompt in a test run). Playwright's
 * global setup calls this before any browser starts; the line it prints says what it does.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.ts';

/** How this user runs apt-get: directly as root, through passwordless sudo, or not at all. */
function aptGetCommand(): string[] | undefined {
  if (process.getuid?.() === 0) return ['apt-get'];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n', 'apt-get'] : undefined;
}

function run(command: string[]): boolean {
  const [program, ...args] = command;
  const result = spawnSync(program!, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** The path of a Chromium on this machine, installing Debian's package first if there is none. */
export function ensureChromium(log: (line: string) => void = console.log): string {
  const before = findChromium();
  if (before.found) return before.path;
  if (before.namedByUser) throw new Error(before.reason);

  const aptGet = aptGetCommand();
  if (!aptGet) {
    throw new Error(
      'No Chromium found, and neither root nor passwordless sudo to apt-get it: install one (sudo apt-get install chromium, or npx playwright install --with-deps chromium) or set CHROME_PATH to its executable.',
    );
  }
  log(`No Chromium for the browser tests: installing it with ${aptGet.join(' ')} install chromium`);
  const installed =
    run([...aptGet, 'update']) &&
    run([...aptGet, 'install', '-y', '--no-install-recommends', 'chromium']);
  const after = findChromium();
  if (!installed || !after.found) {
    throw new Error(
      `apt-get install chromium failed: install a Chromium yourself (npx playwright install --with-deps chromium) or set CHROME_PATH to one.`,
    );
  }
  log(`Chromium installed: ${after.path}`);
  return after.path;
}
