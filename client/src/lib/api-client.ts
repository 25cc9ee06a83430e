import type { z } from 'zod';
import { ApiError, fetchJson, type FetchOptions } from './api-fetch.ts';

export { ApiError, connectSession, errorMessage } from './api-fetch.ts';

/** fetchJson, then the answer checked against the shared schema of the response. */
async function request<T>(path: string, schema: z.ZodType<T>, options: FetchOptions = {}) {
  const payload = await fetchJson(path, options);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(200, undefined);
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => request(path, schema),
  post: <T>(path: string, schema: z.ZodType<T>, body?: unknown) =>
    request(path, schema, { method: 'POST', body }),
  put: <T>(path: string, schema: z.ZodType<T>, body?: unknown, options: FetchOptions = {}) =>
    request(path, schema, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, schema: z.ZodType<T>) => request(path, schema, { method: 'DELETE' }),
  upload: <T>(path: string, schema: z.ZodType<T>, form: FormData) =>
    request(path, schema, { method: 'POST', body: form }),
};
