import { SuccessResponse } from '#shared/schemas/common.ts';
import {
  CreatedFeedToken,
  FEED_PATH,
  FeedTokenList,
  OVERLAY_PATH,
  type CreateFeedTokenBody,
} from '#shared/schemas/feed.ts';
import { api } from '#client/lib/api-client.ts';

export const feedTokensApi = {
  list: () => api.get('/feed-tokens', FeedTokenList),
  create: (body: CreateFeedTokenBody = {}) => api.post('/feed-tokens', CreatedFeedToken, body),
  revoke: (id: string) => api.delete(`/feed-tokens/${encodeURIComponent(id)}`, SuccessResponse),
};

/** The WebSocket address a script or a gadget connects to: ws(s)://host/api/feed?token=... */
export function feedUrl(origin: string, token: string): string {
  const url = new URL(FEED_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/** The page streaming software loads as a browser source: /overlay/{slug}?token=... */
export function overlayUrl(origin: string, slug: string, token: string): string {
  const url = new URL(`${OVERLAY_PATH}/${encodeURIComponent(slug)}`, origin);
  url.searchParams.set('token', token);
  return url.toString();
}
