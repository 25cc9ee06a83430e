import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DailyAnalyticsResponse } from '#shared/schemas/analytics.ts';
import type { TestMusician } from '#server-test/helpers/factories.ts';

/** The analytics and money route tests' reads: a GET as a musician (or nobody), and the daily report. */
export function analyticsReads(app: FastifyInstance) {
  const get = (musician: TestMusician | null, url: string) =>
    app.inject({ method: 'GET', url, headers: musician?.auth ?? {} });

  const daily = async (musician: TestMusician, query = '') => {
    const res = await get(musician, `/api/analytics/daily${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<DailyAnalyticsResponse>();
  };

  return { get, daily };
}
