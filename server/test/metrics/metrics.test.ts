import { freePort } from '#scripts/lib/server-process.ts';
import { messages } from '#shared/messages.ts';
import { describe, expect, it } from 'vitest';
import {
  createSong,
  registerMusician,
  setRequestStatus,
  submitRequest,
  uniqueEmail,
} from '#server-test/helpers/factories.ts';
import { startTestApp, type TestApp } from '#server-test/helpers/test-app.ts';
import { connectAudience, connectDevice } from '#server-test/helpers/test-device.ts';

const TOKEN = 'scrape-token-for-tests-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function scrape({ app }: TestApp): Promise<string> {
  const res = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series, e.g. value(text, 'songreq_live_feeds_open'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// One app with metrics on (listening, for real sockets) and one without, for the whole file.
const measured = await startTestApp({ metricsToken: TOKEN }, { listen: true });
const unmeasured = await startTestApp();

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: a 404 like any unknown address', async () => {
    const { app } = unmeasured;
    const res = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.notFoundRoute });
  });

  it('answers 401 to a request without the token, with another one or another scheme', async () => {
    const { app } = measured;
    for (const headers of [
      {},
      bearer('wrong-token'),
      bearer(`${TOKEN}x`),
      bearer(''),
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ detail: messages.metricsTokenRequired });
      expect(res.body).not.toContain('songreq_');
    }
  });

  it('counts requests by route pattern, events, sockets and the database, leaking nothing', async () => {
    const { app, url } = measured;
    const email = uniqueEmail('metrics');
    const musician = await registerMusician(app, { email });
    const song = await createSong(app, musician);
    const requesterEmail = uniqueEmail('requester');
    const created = await submitRequest(app, song, { requester_email: requesterEmail });
    await setRequestStatus(app, musician, created.id, 'played');
    const status = await app.inject({ url: `/api/request-status/${created.status_token}` });
    expect(status.statusCode).toBe(200);
    await app.inject({ url: `/api/no-such-thing/${created.status_token}` });
    await connectDevice(url, musician.token);
    await connectAudience(url);

    const text = await scrape(measured);
    const series = (name: string, labels: string) =>
      text.split('\n').filter((line) => line.startsWith(`${name}{`) && line.includes(labels));

    // The route's pattern with method and status code, never the address that was asked for.
    expect(
      series(
        'songreq_http_request_duration_seconds_count',
        'method="PUT",route="/api/requests/:id/status",status_code="200"',
      ),
    ).toHaveLength(1);
    expect(
      series(
        'songreq_http_request_duration_seconds_bucket',
        'method="GET",route="/api/request-status/:token",status_code="200"',
      ).length,
    ).toBeGreaterThan(5);
    expect(
      series('songreq_http_request_duration_seconds_count', 'route="unmatched",status_code="404"'),
    ).toHaveLength(1);
    expect(
      value(text, 'songreq_domain_events_published_total{event="request:created"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(value(text, 'songreq_socketio_connected_sockets{namespace="/"}')).toBe(1);
    expect(value(text, 'songreq_socketio_connected_sockets{namespace="/audience"}')).toBe(1);
    expect(value(text, 'songreq_live_feeds_open')).toBe(0);
    expect(value(text, 'songreq_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'songreq_db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'songreq_redis_errors_total')).toBe(0);
    // prom-client's default process metrics.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');

    for (const secret of [
      email,
      requesterEmail,
      created.id,
      created.status_token,
      musician.token,
      musician.musician.slug,
      TOKEN,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts the errors of the Redis connection, in a registry of its own app', async () => {
    // Nothing listens there: every attempt to connect fails.
    const redisUrl = `redis://127.0.0.1:${await freePort()}`;
    const other = await startTestApp({ metricsToken: TOKEN, redis: { url: redisUrl } });
    await expect
      .poll(async () => value(await scrape(other), 'songreq_redis_errors_total'), {
        timeout: 5000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(value(await scrape(measured), 'songreq_redis_errors_total')).toBe(0);

    await measured.app.inject({ url: '/api/health' });
    const health =
      'songreq_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}';
    expect(value(await scrape(measured), health)).toBeGreaterThanOrEqual(1);
    expect(value(await scrape(other), health)).toBeUndefined();
  });
});
