/**
 * Requests Node's HTTP parser refuses before the router sees them (a path or headers past its
 * 16 KB limit, bytes that are not HTTP) still answer with a {detail} sentence, as every error.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { url } = await startTestApp({}, { listen: true });

/** Writes `raw` on a fresh connection and resolves with everything the server answered. */
function rawExchange(raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers a 100 KB path parameter with 431 and a {detail}', async () => {
    const res = await fetch(`${url}/api/musicians/${'a'.repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ detail: messages.requestHeadersTooLarge });
  });

  it('answers headers over the limit with 431 and a {detail}', async () => {
    const res = await fetch(`${url}/api/health`, { headers: { 'x-padding': 'b'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ detail: messages.requestHeadersTooLarge });
  });

  it('answers bytes that are not HTTP with 400 and a {detail}', async () => {
    const answer = await rawExchange('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ detail: messages.requestUnreadable });
  });
});
