import { mkdtemp, rm, writeFile, chmod, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumCandidates, pickChromium } from './find-chromium.ts';
import { isExecutableFile, searchPath } from './find-executable.ts';

/** A machine where exactly `programs` (full paths) are installed. */
const machine = (...programs: string[]) => ({
  onPath: (name: string) => programs.find((path) => path.endsWith(`/${name}`)),
  isExecutable: (path: string) => programs.includes(path),
});

function pick(env: Record<string, string>, programs: string[], bundled?: string) {
  const { onPath, isExecutable } = machine(...programs);
  return pickChromium(chromiumCandidates(env, bundled, onPath), isExecutable);
}

describe('choosing the Chromium the browser tests start', () => {
  it("takes Debian's chromium from the PATH", () => {
    expect(pick({}, ['/usr/bin/chromium'])).toMatchObject({
      found: true,
      path: '/usr/bin/chromium',
    });
  });

  it("prefers chromium, then Ubuntu's chromium-browser, then Google Chrome", () => {
    const all = [
      '/opt/google/chrome/google-chrome',
      '/usr/bin/chromium-browser',
      '/usr/bin/chromium',
    ];
    expect(pick({}, all)).toMatchObject({ path: '/usr/bin/chromium' });
    expect(pick({}, all.slice(0, 2))).toMatchObject({ path: '/usr/bin/chromium-browser' });
    expect(pick({}, all.slice(0, 1))).toMatchObject({ path: '/opt/google/chrome/google-chrome' });
  });

  it("falls back on Playwright's own download when nothing is installed system-wide", () => {
    const bundled = '/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';
    expect(pick({}, [bundled], bundled)).toMatchObject({
      found: true,
      path: bundled,
      source: 'npx playwright install',
    });
  });

  it('uses the browser a variable names before any installed one, CHROME_PATH first', () => {
    const programs = ['/usr/bin/chromium', '/opt/mine/chrome', '/opt/other/chrome'];
    expect(pick({ PLAYWRIGHT_CHROMIUM: '/opt/other/chrome' }, programs)).toMatchObject({
      path: '/opt/other/chrome',
      source: 'PLAYWRIGHT_CHROMIUM',
    });
    expect(
      pick({ CHROME_PATH: '/opt/mine/chrome', PLAYWRIGHT_CHROMIUM: '/opt/other/chrome' }, programs),
    ).toMatchObject({ path: '/opt/mine/chrome', source: 'CHROME_PATH' });
  });

  it('refuses a named browser that is not there, rather than quietly starting another', () => {
    expect(pick({ CHROME_PATH: '/nowhere/chrome' }, ['/usr/bin/chromium'])).toEqual({
      found: false,
      namedByUser: true,
      reason:
        'CHROME_PATH=/nowhere/chrome is not an executable file: point it at a Chromium or unset it.',
    });
  });

  it('says in one sentence what to install when there is none', () => {
    const bundledNotDownloaded = '/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';
    expect(pick({}, [], bundledNotDownloaded)).toEqual({
      found: false,
      namedByUser: false,
      reason:
        'No Chromium found: install one (apt-get install chromium, or npx playwright install --with-deps chromium) or set CHROME_PATH to its executable.',
    });
  });
});

// Two folders of a PATH: a file without the execute bit and a folder in the first, the program in the second.
const root = await mkdtemp(join(tmpdir(), 'songreq-path-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const first = join(root, 'first');
const second = join(root, 'second');
await mkdir(first);
await mkdir(second);
await writeFile(join(first, 'tool'), 'not executable');
await writeFile(join(second, 'tool'), '#!/bin/sh\n');
await chmod(join(second, 'tool'), 0o755);
await mkdir(join(first, 'folder-tool'));

describe('finding a program', () => {
  it('takes the first executable file along the PATH, as a shell would', () => {
    expect(searchPath('tool', `${first}:${second}`)).toBe(join(second, 'tool'));
  });

  it('passes over folders and files without the execute bit', () => {
    expect(isExecutableFile(join(first, 'folder-tool'))).toBe(false);
    expect(searchPath('folder-tool', `${first}:${second}`)).toBeUndefined();
  });

  it('looks in the system folders a non-root PATH lacks', () => {
    const inSbin = (path: string) => path === '/usr/sbin/haproxy';
    expect(searchPath('haproxy', '/usr/bin:/bin', inSbin)).toBe('/usr/sbin/haproxy');
    expect(searchPath('haproxy', undefined, inSbin)).toBe('/usr/sbin/haproxy');
  });
});
