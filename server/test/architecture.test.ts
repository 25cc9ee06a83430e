import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of docs/architecture.md, checked on every file's imports: imports point down,
 * lower layers import no feature, feature folders never import each other in a circle, and no
 * import climbs two levels (the package.json import map is the way across the tree).
 */
const root = resolve(import.meta.dirname, '..', '..');
const SOURCE_DIRS = ['server', 'client/src', 'client/test', 'shared', 'scripts', 'e2e'];

interface Import {
  file: string;
  specifier: string;
  /** Project-relative path of the imported file, for project files. */
  target: string | null;
}

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const importMap = Object.entries(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports as Record<string, string>,
).map(([pattern, target]) => [pattern.replace('*', ''), target.replace('*', '')] as const);

function resolveSpecifier(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return relative(root, resolve(root, dirname(file), specifier));
  const mapped = importMap.find(([prefix]) => specifier.startsWith(prefix));
  return mapped ? join(mapped[1], specifier.slice(mapped[0].length)) : null;
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

const imports: Import[] = SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(IMPORT)].map(([, specifier]) => ({
    file,
    specifier: specifier!,
    target: resolveSpecifier(file, specifier!),
  })),
);

const within = (path: string | null, ...dirs: string[]) =>
  path !== null && dirs.some((dir) => path.startsWith(`${dir}/`));

/** "server/src/features/songs/x.ts" -> "server/src/features/songs" */
const featureOf = (path: string | null) => path?.match(/^(.+\/features\/[^/]+)\//)?.[1] ?? null;

/**
 * A feature may import another only where it is written here, with the reason; everything else
 * several features need lives below them (lib/, shared/, or a server module under src/).
 * Keys are "from -> to" feature folder names.
 */
const SERVER_FEATURES_ALLOWED: Record<string, string> = {};

const CLIENT_FEATURES_ALLOWED: Record<string, string> = {
  'shows -> requests':
    'a show lists its requests with RequestCard; deleting it drops them from the requests store',
  'requests -> tips': "a request card shows its payment's Paid or Refunded flag",
  'requests -> blocklist': "a request card's Block button files its requester on the blocklist",
};

/**
 * Client features with no server feature of their name, and why: every other client feature
 * calls the routes of the server feature that shares its folder name (STYLE: one name means one
 * thing on both sides).
 */
const CLIENT_ONLY_FEATURES: Record<string, string> = {
  help: "the Quick Start Guide and the Songs tab's help: text, no routes",
  'venue-screen': "the screen on the venue's wall reads the audience's routes and socket",
};

/** A lower server module that holds one feature's data or files has that feature's name. */
const SERVER_MODULES_OF_A_FEATURE = ['design', 'images'];

const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The feature-to-feature imports of one side that its allow-list does not name. */
function featureToFeature(side: string, allowed: Record<string, string>): string[] {
  return imports.flatMap(({ file, specifier, target }) => {
    const from = featureOf(file);
    const to = featureOf(target);
    if (!within(file, side) || !from || !to || from === to) return [];
    const pair = `${from.split('/').pop()} -> ${to.split('/').pop()}`;
    return pair in allowed ? [] : [`${file}: ${specifier} (${pair})`];
  });
}

const importedFiles = new Set(imports.map((i) => i.file));

function cycles(edges: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const visit = (node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) found.push([...path.slice(at), next]);
      else visit(next, [...path, next]);
    }
  };
  for (const node of edges.keys()) visit(node, [node]);
  // Each circle once, whichever folder it was found from.
  const seen = new Set<string>();
  return found.filter((cycle) => {
    const key = [...new Set(cycle)].sort().join();
    return !seen.has(key) && seen.add(key);
  });
}

describe('architecture', () => {
  it('reads the imports of the whole tree', () => {
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.filter((i) => i.specifier.startsWith('#') && !i.target)).toEqual([]);
  });

  it('has no import that climbs two levels', () => {
    const climbing = imports.filter((i) => /\.\.\/\.\.\//.test(i.specifier));
    expect(climbing.map((i) => `${i.file}: ${i.specifier}`)).toEqual([]);
  });

  it('keeps lower layers free of features', () => {
    const lower = [
      'shared/src',
      'server/src/plugins',
      'server/src/http',
      'server/src/db',
      'server/src/events',
      'server/src/realtime',
      'server/src/catalogue',
      'server/src/credentials',
      'server/src/downloads',
      'server/src/images',
      'server/src/logging',
      'server/src/metrics',
      'server/src/money',
      'server/src/musicians',
      'server/src/design',
      'server/src/submissions',
      'client/src/lib',
      'client/src/live',
      'client/src/ui',
    ];
    const upward = imports.filter(
      (i) => within(i.file, ...lower) && i.target !== null && /\/features\//.test(i.target),
    );
    expect(upward.map((i) => `${i.file} -> ${i.specifier}`)).toEqual([]);
  });

  it('keeps client pages on top: pages compose features, nothing imports a page', () => {
    const pageImports = imports.filter(
      (i) =>
        within(i.target, 'client/src/pages') &&
        !within(i.file, 'client/src/app', 'client/src/pages'),
    );
    const pageToPage = imports.filter(
      (i) =>
        within(i.file, 'client/src/pages') &&
        within(i.target, 'client/src/pages') &&
        i.file.split('/')[3] !== i.target!.split('/')[3],
    );
    expect([...pageImports, ...pageToPage].map((i) => `${i.file} -> ${i.specifier}`)).toEqual([]);
  });

  it('keeps server, client and shared apart', () => {
    const crossing = imports.filter(
      (i) =>
        (within(i.file, 'shared') && within(i.target, 'server', 'client')) ||
        (within(i.file, 'client') && within(i.target, 'server')) ||
        (within(i.file, 'server') && within(i.target, 'client')),
    );
    expect(crossing.map((i) => `${i.file} -> ${i.specifier}`)).toEqual([]);
  });

  it('names a feature once, on both sides', () => {
    const serverFeatures = new Set(folders('server/src/features'));
    const unmatched = folders('client/src/features').filter(
      (name) => !serverFeatures.has(name) && !(name in CLIENT_ONLY_FEATURES),
    );
    expect(unmatched).toEqual([]);
    const modules = new Set(folders('server/src'));
    expect(SERVER_MODULES_OF_A_FEATURE.filter((name) => !modules.has(name))).toEqual([]);
    expect(SERVER_MODULES_OF_A_FEATURE.filter((name) => !serverFeatures.has(name))).toEqual([]);
  });

  it('keeps server features side by side', () => {
    expect(featureToFeature('server/src', SERVER_FEATURES_ALLOWED)).toEqual([]);
  });

  it('keeps client features side by side', () => {
    expect(featureToFeature('client/src', CLIENT_FEATURES_ALLOWED)).toEqual([]);
  });

  it('has no circle between files, on either side or in shared', () => {
    const edges = new Map<string, Set<string>>();
    for (const { file, target } of imports) {
      if (!target || !within(file, 'server/src', 'client/src', 'shared/src')) continue;
      const to = [target, `${target}.ts`, `${target}.tsx`].find((path) => importedFiles.has(path));
      if (to) edges.set(file, (edges.get(file) ?? new Set()).add(to));
    }
    expect(cycles(edges).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no circle between feature folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const { file, target } of imports) {
      const from = featureOf(file);
      const to = featureOf(target);
      if (!from || !to || from === to || !within(file, 'server/src', 'client/src')) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    expect(cycles(edges).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
