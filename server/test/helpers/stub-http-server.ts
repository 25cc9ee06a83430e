import { createServer, type IncomingMessage } from 'node:http';
import { freePort } from '#scripts/lib/server-process.ts';
import type { AddressInfo } from 'node:net';
import { cleanUpLater } from './cleanup.ts';

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Date.now() when it arrived. */
  receivedAt: number;
}

export interface StubAnswer {
  status?: number;
  json?: unknown;
  /** Never answer (to test timeouts). */
  hang?: boolean;
}

/**
 * A local HTTP server standing in for a public API (MusicBrainz, Spotify, Apple Music), answering
 * in the shapes of their API references. Records every request; closed after the test file.
 */
export async function startStubServer(
  handler: (request: StubRequest) => StubAnswer | Promise<StubAnswer>,
) {
  const requests: StubRequest[] = [];
  const server = createServer(async (req, res) => {
    const receivedAt = Date.now();
    let body = '';
    for await (const chunk of req) body += chunk;
    const request = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body,
      receivedAt,
    };
    requests.push(request);
    const answer = await handler(request);
    if (answer.hang) return;
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanUpLater(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

/** A local address nothing listens on: connections are refused at once. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
