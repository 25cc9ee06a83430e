import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { FeedMessage, type CreatedFeedToken, type FeedMessageType } from '#shared/schemas/feed.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import type { TestMusician } from '#server-test/helpers/factories.ts';

/** POST /api/feed-tokens as the musician; the token comes back this once. */
export async function createFeedToken(
  app: FastifyInstance,
  musician: TestMusician,
  body: Record<string, unknown> = {},
): Promise<CreatedFeedToken> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/feed-tokens',
    headers: musician.auth,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`feed token failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedFeedToken>();
}

export interface FeedClient {
  socket: WebSocket;
  /** Every message received so far, checked against the shared schema, as raw text too. */
  received: FeedMessage[];
  raw: string[];
  /** The first message of that type matching the predicate (already received or not). */
  waitFor<Type extends FeedMessageType>(
    type: Type,
    matches?: (message: Extract<FeedMessage, { type: Type }>) => boolean,
  ): Promise<Extract<FeedMessage, { type: Type }>>;
  /** Resolves with the close code and reason once the server closed the feed. */
  closed: Promise<{ code: number; reason: string }>;
}

/** A raw WebSocket client (the `ws` package, as a Stream Deck plugin or a script would use). */
export function connectFeed(
  baseUrl: string,
  options: { token?: string; bearer?: string; path?: string } = {},
): FeedClient {
  const url = new URL(options.path ?? '/api/feed', baseUrl.replace(/^http/, 'ws'));
  if (options.token !== undefined) url.searchParams.set('token', options.token);
  const socket = new WebSocket(url, {
    headers: options.bearer ? { authorization: `Bearer ${options.bearer}` } : {},
  });
  const received: FeedMessage[] = [];
  const raw: string[] = [];
  socket.on('message', (data) => {
    const text = data.toString();
    raw.push(text);
    received.push(FeedMessage.parse(JSON.parse(text)));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => {});
  cleanUpLater(() => socket.terminate());

  return {
    socket,
    received,
    raw,
    closed,
    async waitFor(type, matches = () => true) {
      type Wanted = Extract<FeedMessage, { type: typeof type }>;
      let found: Wanted | undefined;
      await expect
        .poll(
          () => {
            found = received.find(
              (message): message is Wanted => message.type === type && matches(message as Wanted),
            );
            return Boolean(found);
          },
          { timeout: 10_000, interval: 5 },
        )
        .toBe(true);
      return found!;
    },
  };
}
