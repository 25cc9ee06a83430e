import { ApiError } from './api-client.ts';
import { useAuthStore } from './session/auth-store.ts';

/** The file name of a Content-Disposition header, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * A musician-only file (CSV, image, PDF) fetched with the session's token, since a plain link
 * cannot carry it. No connection throws ApiError(0); an error answer is the caller's to read.
 */
export async function fetchApiFile(path: string): Promise<Response> {
  const token = useAuthStore.getState().token;
  try {
    return await fetch(`/api${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, undefined);
  }
}

/**
 * Downloads a file an API route answers only to the signed-in musician (a plain link cannot
 * carry the bearer token): fetched, then handed to the browser as a download.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetchApiFile(path);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const detail =
      body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
        ? body.detail
        : undefined;
    throw new ApiError(response.status, detail);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The browser's IANA time zone: analytics count days on the musician's own clock. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
