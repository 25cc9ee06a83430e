import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, testConfig } from '#server-test/helpers/test-app.ts';
import {
  extraHeaders,
  garbageAuthorization,
  nested,
  pathSegment,
  queryString,
  requestBody,
  type FuzzBody,
} from './arbitraries.ts';
import {
  apiRoutes,
  fillPath,
  musicianWithThings,
  offlineOverrides,
  ownedParam,
  paramNames,
  type OwnedThings,
  stubPlatforms,
  type RouteEntry,
} from './route-table.ts';

// The route table comes from the real app: every route it adds is recorded with its schemas.
vi.mock('fastify', async (importOriginal) =>
  (await import('./route-table.ts')).recordingFastify(await importOriginal()),
);

/**
 * Runs per route, each sent twice (as a signed-in musician and anonymously). About 85 routes;
 * 20 runs keep the fuzzing under a minute on a 2-core machine. FUZZ_RUNS raises it locally.
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 20;
const TIME_PER_ROUTE_MS = Number(process.env.FUZZ_MS_PER_ROUTE) || 3000;

// Nothing leaves the machine: MusicBrainz is off, and the playlist platforms are a local stub.
const platforms = await stubPlatforms();
const { app } = await startTestApp(offlineOverrides(testConfig(), platforms.url));
// Running, as main.ts leaves a server: GET /api/ready answers 200 (503 is for starting and
// draining, features/health/ready.test.ts).
app.readiness.ready();
const routes = apiRoutes(app);

const histogram = new Map<number, number>();
let sent = 0;

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject(options);
  sent += 1;
  histogram.set(res.statusCode, (histogram.get(res.statusCode) ?? 0) + 1);
  return res;
}

// Straight to stdout, so CI output shows how much was tried (the lint rules keep console.log for
// debugging only).
afterAll(() => {
  const byStatus = [...histogram.entries()].sort(([a], [b]) => a - b);
  process.stdout.write(
    `route fuzz: ${sent} requests over ${routes.length} routes; statuses ${byStatus
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}\n`,
  );
});

/** What went wrong with an answer, or undefined when it is an answer the API may give. */
function problemWith(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return undefined;
  let detail: unknown;
  try {
    detail = (res.json() as { detail?: unknown }).detail;
  } catch {
    return `answered ${res.statusCode} without a JSON body`;
  }
  if (typeof detail !== 'string' || detail.trim() === '') {
    return `answered ${res.statusCode} without a {detail}`;
  }
  return undefined;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** An email in an answer to an anonymous caller that the caller did not send themselves. */
function leakedEmail(options: InjectOptions, res: LightMyRequestResponse): string | undefined {
  const sent = `${decodeURIComponentSafe(String(options.url))} ${String(options.payload ?? '')}`;
  const leaked = (res.body.match(EMAIL) ?? []).filter(
    (email) => !sent.toLowerCase().includes(email.toLowerCase()),
  );
  return leaked.length > 0 ? `told an anonymous caller ${leaked.join(', ')}` : undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function report(
  route: RouteEntry,
  options: InjectOptions,
  body: FuzzBody,
  res: LightMyRequestResponse,
  problem = problemWith(res),
) {
  const headers = { ...(options.headers as Record<string, string>) };
  if (headers.authorization?.startsWith('Bearer ') && headers.authorization.length > 60) {
    headers.authorization = 'Bearer <the musician token>';
  }
  return [
    `${route.method} ${route.url}: ${problem}`,
    `  sent ${options.method} ${String(options.url).slice(0, 300)}`,
    `  headers ${JSON.stringify(headers).slice(0, 500)}`,
    `  body ${body.describe}`,
    `  answer ${res.statusCode} ${res.body.slice(0, 500)}`,
  ].join('\n');
}

/** Path parameters: hostile segments, or an id the musician really owns. */
function pathArbitrary(route: RouteEntry, owner: OwnedThings): fc.Arbitrary<string> {
  const names = paramNames(route.url);
  const segment = (name: string) => {
    const own = ownedParam(route.url, name, owner);
    return own ? fc.oneof(pathSegment, fc.constant(own)) : pathSegment;
  };
  return fc.tuple(...names.map(segment)).map((values) => {
    let index = 0;
    return fillPath(route.url, () => values[index++]!);
  });
}

function fuzzCase(route: RouteEntry, owner: OwnedThings) {
  return fc.record({
    path: pathArbitrary(route, owner),
    query: queryString(route.querystring),
    body:
      route.method === 'GET' || (route.method === 'DELETE' && !route.body)
        ? fc.constant<FuzzBody>({ payload: undefined, contentType: undefined, describe: '(none)' })
        : requestBody(route.body),
    headers: extraHeaders,
    anonymousAuthorization: fc.option(garbageAuthorization, { nil: undefined }),
  });
}

describe('every route survives hostile input', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, { timeout: 60_000 }, async () => {
      // A musician per route: a route that signs out or deletes must not spoil the next one.
      const owner = await musicianWithThings(app);
      await fc.assert(
        fc.asyncProperty(fuzzCase(route, owner), async (input) => {
          const url = input.query ? `${input.path}?${input.query}` : input.path;
          const contentType = input.body.contentType
            ? { 'content-type': input.body.contentType }
            : {};
          const callers: Array<Record<string, string>> = [
            owner.musician.auth,
            input.anonymousAuthorization ? { authorization: input.anonymousAuthorization } : {},
          ];
          for (const auth of callers) {
            const options: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url,
              headers: { ...input.headers, ...contentType, ...auth },
              ...(input.body.payload === undefined ? {} : { payload: input.body.payload }),
            };
            const res = await send(options);
            const problem =
              problemWith(res) ??
              (auth === owner.musician.auth ? undefined : leakedEmail(options, res));
            if (problem) throw new Error(report(route, options, input.body, res, problem));
          }
        }),
        // The slow routes (the QR flyer draws a PDF) stop early instead of stretching the run.
        { numRuns: RUNS, interruptAfterTimeLimit: TIME_PER_ROUTE_MS },
      );
    });
  }
});

describe('oversized and disguised bodies are refused early', () => {
  const withBody = routes.filter((route) => route.method !== 'GET' && route.method !== 'DELETE');
  // 60 MB of zeros packs into about 60 KB; four such gzip members one after another inflate to
  // 240 MB (gzip allows it, and zlib reads them all): a server that inflated it would take the
  // whole heap, and its memory would grow far beyond what a route's first run grows it by.
  const bombMember = gzipSync(Buffer.alloc(60 * 1024 * 1024));
  const gzipBomb = Buffer.concat([bombMember, bombMember, bombMember, bombMember]);

  /** Signs the musician in again when a route before (POST /api/auth/logout) signed them out. */
  async function signedIn(owner: OwnedThings) {
    const check = await app.inject({ url: '/api/profile', headers: owner.musician.auth });
    if (check.statusCode === 200) return;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.musician.email, password: owner.musician.password },
    });
    owner.musician.auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  }

  /**
   * Sends the body to every route taking one; `allowed` are the answers a route validating its
   * body must give. A route without a body schema never reads the body: it may answer as usual,
   * as long as it is no 5xx.
   */
  async function refusals(
    makeBody: (route: RouteEntry) => { payload: string | Buffer; headers: Record<string, string> },
    allowed: number[],
    afterSend: () => void = () => {},
  ) {
    const owner = await musicianWithThings(app);
    const wrong: string[] = [];
    for (const route of withBody) {
      await signedIn(owner);
      const { payload, headers } = makeBody(route);
      const options: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: fillPath(route.url, (name) => ownedParam(route.url, name, owner) ?? 'x'),
        headers: { ...owner.musician.auth, ...headers },
        payload,
      };
      // Refused early is shown by the status and, for the bomb, by the memory it did not take;
      // not by a clock, which a busy machine would make lie.
      const res = await send(options);
      afterSend();
      const refused = route.body ? allowed.includes(res.statusCode) : res.statusCode < 500;
      if (!refused || problemWith(res)) {
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    return wrong;
  }

  it('answers a body over the limit with 413', async () => {
    const wrong = await refusals(
      (route) => {
        const size = (route.bodyLimit ?? 1024 * 1024) + 1;
        return {
          payload: `{"a":"${'x'.repeat(size)}"}`,
          headers: { 'content-type': 'application/json' },
        };
      },
      [413],
    );
    expect(wrong).toEqual([]);
  });

  it('answers JSON nested 100,000 levels deep with 400', async () => {
    const wrong = await refusals(
      () => ({ payload: nested(100_000), headers: { 'content-type': 'application/json' } }),
      [400, 413],
    );
    expect(wrong).toEqual([]);
  });

  it('refuses a gzip bomb without inflating it', async () => {
    // Inflating even one bomb would add 240 MB at once: the resident size is read around each
    // request, since over a hundred routes it also grows for reasons of its own (a route's first
    // run once grew it by 44 MB, on a clean CI run).
    let largestGrowth = 0;
    let before = 0;
    const wrong = await refusals(
      () => {
        before = process.memoryUsage().rss;
        return {
          payload: gzipBomb,
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        };
      },
      [400, 413, 415],
      () => (largestGrowth = Math.max(largestGrowth, process.memoryUsage().rss - before)),
    );
    expect(wrong).toEqual([]);
    expect(largestGrowth).toBeLessThan(120 * 1024 * 1024);
  });

  it('refuses a gzip bomb sent as a file upload', async () => {
    const wrong = await refusals(
      () => ({
        payload: gzipBomb,
        headers: {
          'content-type': 'multipart/form-data; boundary=fuzzboundary',
          'content-encoding': 'gzip',
        },
      }),
      [400, 406, 413, 415],
    );
    expect(wrong).toEqual([]);
  });
});
