import { messages } from '#shared/messages.ts';
import { HttpError, notFound } from '#server/http/errors.ts';

/**
 * GET/POST to a music service, JSON back. Its failures become sentences for the musician:
 * unknown playlist -> 404; credentials refused -> 502; down, slow or garbled -> 502.
 * Never a 500, and never longer than the timeout.
 */
export async function fetchJson(
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch {
    throw new HttpError(502, messages.playlistSourceUnavailable);
  }
  if (response.status === 404 || response.status === 400) {
    throw notFound(messages.playlistSourceNotFound);
  }
  if (response.status === 401 || response.status === 403) {
    throw new HttpError(502, messages.playlistSourceRefused);
  }
  if (!response.ok) throw new HttpError(502, messages.playlistSourceUnavailable);
  try {
    return await response.json();
  } catch {
    throw new HttpError(502, messages.playlistSourceUnavailable);
  }
}
