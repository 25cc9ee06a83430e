import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { redactUrl, SECRET_QUERY_PARAMETERS } from '#server/http/url-redaction.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { apiRoutes } from '#server-test/fuzz/route-table.ts';

// The route table comes from the real app: every route it adds is recorded with its schemas.
vi.mock('fastify', async (importOriginal) =>
  (await import('#server-test/fuzz/route-table.ts')).recordingFastify(await importOriginal()),
);

/**
 * Every query parameter the app reads, on the API or on a page the client serves, is either in
 * SECRET_QUERY_PARAMETERS (its value never reaches a log line) or named here as harmless, with
 * why. A new parameter fails this test until someone decides which it is.
 */
const HARMLESS_QUERY_PARAMETERS: Record<string, string> = {
  sort: 'a list order',
  sort_by: 'a list order',
  search: 'a song search on a public page',
  genre: 'a filter of a public song list',
  mood: 'a filter of a public song list',
  playlist: 'a filter of a public song list',
  year: 'a filter of a public song list',
  decade: 'a filter of a public song list',
  since: 'a time',
  before: 'a time',
  limit: 'a page size',
  days: 'a period',
  tz: 'a time zone',
  format: 'a file format',
  paper: 'a paper size',
  title: 'a song title being looked up',
  artist: 'an artist being looked up',
  slug: 'a page address being checked',
  amount: 'a tip amount the audience chose',
  message: 'the tip message the audience typed, sent on to the tip platform',
  auto_enrich: 'a switch',
  tab: 'a dashboard tab',
  section: 'a section of the Profile tab',
  next: 'a path inside the app to return to',
  error: "the identity provider's error code",
  iss: "the identity provider's public issuer URL",
  shell: 'which app shell the service worker serves',
};

const classified = (name: string) =>
  SECRET_QUERY_PARAMETERS.includes(name) || Object.hasOwn(HARMLESS_QUERY_PARAMETERS, name);

function queryKeys(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  throw new Error('a querystring schema that is not a plain object: teach this test to read it');
}

/** Query parameters the client reads from its own address (pages the server serves as the SPA). */
async function clientQueryParameters(): Promise<string[]> {
  const root = join(import.meta.dirname, '../../../client/src');
  const files = (await readdir(root, { recursive: true })).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const names = new Set<string>();
  for (const file of files) {
    const source = await readFile(join(root, file), 'utf8');
    // params.get('code'), searchParams.get('tab'), readParam('sort'),
    // new URLSearchParams(location.search).get('token')
    for (const match of source.matchAll(
      /(?:[pP]arams(?:\([^)]*\))?\.get|readParam)\('([\w-]+)'\)/g,
    )) {
      names.add(match[1]!);
    }
  }
  return [...names];
}

const { app, rawLogs } = await startTestApp();
const routes = apiRoutes(app);

describe('secret query parameters', () => {
  it('every query parameter of every API route is classified', () => {
    const withQuery = routes.filter((route) => route.querystring);
    expect(withQuery.length).toBeGreaterThan(5);
    const unclassified = withQuery.flatMap((route) =>
      queryKeys(route.querystring!)
        .filter((key) => !classified(key))
        .map((key) => `${route.method} ${route.url} ?${key}=`),
    );
    expect(unclassified, 'secret or harmless?').toEqual([]);
  });

  it("every query parameter the client's pages read is classified", async () => {
    const names = await clientQueryParameters();
    expect(names).toEqual(expect.arrayContaining(['code', 'state', 'token', 'sort']));
    expect(
      names.filter((name) => !classified(name)),
      'secret or harmless?',
    ).toEqual([]);
  });

  it('never reach the log: the sign-in return, the pairing link, the feed', async () => {
    const secrets = {
      oidcCode: 'oidc-code-4f1c9a',
      oidcState: 'oidc-state-77ab02',
      pairing: 'PAIRCODE',
      feed: 'feed-token-e3d1',
      overlay: 'overlay-token-9bc0',
    };
    const urls = [
      `/profile?code=${secrets.oidcCode}&state=${secrets.oidcState}&iss=https%3A%2F%2Fid.example.com`,
      `/stage/pair?code=${secrets.pairing}`,
      `/api/feed?token=${secrets.feed}`,
      `/overlay?TOKEN=${secrets.overlay}`,
    ];
    for (const url of urls) await app.inject({ url });
    const raw = rawLogs();
    for (const secret of Object.values(secrets)) expect(raw).not.toContain(secret);
    expect(raw).toContain(
      '/profile?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example.com',
    );
    expect(raw).toContain('/stage/pair?code=[redacted]');
  });

  it('are found however their name is written, other parameters left as they are', () => {
    expect(redactUrl('/stage/pair?%63ode=ABCD&sort=title')).toBe(
      '/stage/pair?%63ode=[redacted]&sort=title',
    );
    expect(redactUrl('/x?a=1&Code=2&code&state=3#frag')).toBe(
      '/x?a=1&Code=[redacted]&code&state=[redacted]#frag',
    );
    expect(redactUrl('/api/request-status/abc?x=1')).toBe('/api/request-status/[redacted]?x=1');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
