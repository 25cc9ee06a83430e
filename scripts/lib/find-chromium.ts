/**
 * The Chromium that Playwright, the benchmarks and Lighthouse start: the one named by the
 * environment, else the first a Debian or Ubuntu machine (or `npx playwright install`) puts in a
 * known place. chromiumCandidates and pickChromium are pure, so every case is tested without
 * changing the machine (find-chromium.test.ts).
 */
import { chromium } from 'playwright-core';
import { isExecutableFile, searchPath } from './find-executable.ts';

/** The variables that name a browser, first one set wins: the test command's, then tools'. */
export const CHROMIUM_VARIABLES = ['CHROME_PATH', 'CHROMIUM_PATH', 'PLAYWRIGHT_CHROMIUM'] as const;

/** Program names looked for on the PATH, in order: Debian's, Ubuntu's, Google's. */
const PROGRAM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** Where the apt-get install of the `chromium` package puts it (Debian). */
export const APT_CHROMIUM_PATH = '/usr/bin/chromium';

export type ChromiumChoice =
  | { found: true; path: string; source: string }
  /** namedByUser: a variable names a browser that is not there (theirs to fix, not to install). */
  | { found: false; reason: string; namedByUser: boolean };

export interface ChromiumCandidate {
  path: string;
  /** Where the candidate came from, for the line printed when it is used or refused. */
  source: string;
  /** Named by the user: used or refused, never passed over for another. */
  named: boolean;
}

export function chromiumCandidates(
  env: Record<string, string | undefined>,
  bundledPath: string | undefined,
  onPath: (name: string) => string | undefined,
): ChromiumCandidate[] {
  const variable = CHROMIUM_VARIABLES.find((name) => env[name]);
  if (variable) return [{ path: env[variable]!, source: variable, named: true }];
  const installed = PROGRAM_NAMES.flatMap((name) => {
    const path = onPath(name);
    return path ? [{ path, source: `${name} on the PATH`, named: false }] : [];
  });
  const bundled = bundledPath
    ? [{ path: bundledPath, source: 'npx playwright install', named: false }]
    : [];
  return [...installed, ...bundled];
}

/** The first candidate that is an executable file; a browser the user named must be one. */
export function pickChromium(
  candidates: ChromiumCandidate[],
  isExecutable: (path: string) => boolean,
): ChromiumChoice {
  for (const candidate of candidates) {
    if (isExecutable(candidate.path)) return { found: true, ...candidate };
    if (candidate.named) {
      return {
        found: false,
        namedByUser: true,
        reason: `${candidate.source}=${candidate.path} is not an executable file: point it at a Chromium or unset it.`,
      };
    }
  }
  return {
    found: false,
    namedByUser: false,
    reason: `No Chromium found: install one (apt-get install chromium, or npx playwright install --with-deps chromium) or set CHROME_PATH to its executable.`,
  };
}

/** Playwright's own download of its Chromium, if `npx playwright install` fetched it. */
function bundledChromium(): string | undefined {
  try {
    return chromium.executablePath() || undefined;
  } catch {
    return undefined;
  }
}

/** The browser on this machine now. */
export function findChromium(): ChromiumChoice {
  const candidates = chromiumCandidates(process.env, bundledChromium(), (name) =>
    searchPath(name, process.env.PATH),
  );
  return pickChromium(candidates, isExecutableFile);
}
