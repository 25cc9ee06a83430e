import { describe, expect, it } from 'vitest';
import type { Suggestion } from '#shared/schemas/suggestion.ts';
import { loadConfig, type SubmissionLimits } from '#server/config.ts';
import {
  registerMusician,
  suggestionPayload,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// Suggestions are admitted like requests: every limit decided under the musician's lock with
// the insert, and one address held to its share of the musician's budget.

const defaults = loadConfig({}).limits;

async function appWith(limits: Partial<SubmissionLimits>) {
  const { app } = await startTestApp({ limits: { ...defaults, ...limits } });
  return app;
}

type App = Awaited<ReturnType<typeof appWith>>;

function suggest(app: App, musician: TestMusician, n: number, email: string, ip = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/song-suggestions',
    remoteAddress: ip,
    payload: suggestionPayload(musician, { suggested_title: `Song ${n}`, requester_email: email }),
  });
}

async function countSuggestions(app: App, musician: TestMusician): Promise<number> {
  const res = await app.inject({ url: '/api/song-suggestions', headers: musician.auth });
  return res.json<Suggestion[]>().length;
}

const twenty = Array.from({ length: 20 }, (_, i) => i);

describe('suggestion limits decided together with the insert', () => {
  it('admits exactly 3 of 20 parallel suggestions from one email', async () => {
    const app = await appWith({});
    const musician = await registerMusician(app);
    const answers = await Promise.all(
      twenty.map((n) => suggest(app, musician, n, 'jo@example.com')),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(17);
    expect(await countSuggestions(app, musician)).toBe(3);
  });

  it('admits exactly the musician’s budget of 20 parallel people from 20 addresses', async () => {
    const app = await appWith({ perMusicianPerMinute: 8 });
    const musician = await registerMusician(app);
    const answers = await Promise.all(
      twenty.map((n) => suggest(app, musician, n, `p${n}@example.com`, `10.2.0.${n + 1}`)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(8);
    expect(await countSuggestions(app, musician)).toBe(8);
  });
});

describe('one address’s share of a musician’s suggestions', () => {
  it('cannot fill the budget: someone at another address still gets in', async () => {
    const app = await appWith({ perMusicianPerMinute: 10, perAddressPerMinute: 4 });
    const musician = await registerMusician(app);
    const flood = await Promise.all(
      twenty.map((n) => suggest(app, musician, n, `bot${n}@example.com`, '198.51.100.7')),
    );
    expect(flood.filter((res) => res.statusCode === 201)).toHaveLength(4);
    const refused = flood.find((res) => res.statusCode === 429)!;
    expect(refused.json().detail).toMatch(/^So many people are writing to this musician/);
    const someoneElse = await suggest(app, musician, 99, 'real@example.com', '203.0.113.20');
    expect(someoneElse.statusCode, someoneElse.body).toBe(201);
  });

  it('lets 300 people behind one address each suggest a song, at the defaults', async () => {
    const app = await appWith({});
    const musician = await registerMusician(app);
    for (let n = 0; n < 300; n++) {
      const res = await suggest(app, musician, n, `guest${n}@example.com`, '192.0.2.50');
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await countSuggestions(app, musician)).toBe(300);
  }, 120_000);
});
