import type { z } from 'zod';
import { messages } from '../../../../shared/src/messages.ts';
import { ErrorBody } from '../../../../shared/src/schemas/common.ts';
import { ApiError } from '../../app/api-client.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/**
 * POSTs one file as multipart/form-data (the JSON api client sends JSON only) and parses the
 * answer with `schema`; errors are ApiErrors like the api client's.
 */
export async function uploadFile<T>(path: string, file: File, schema: z.ZodType<T>): Promise<T> {
  const token = useAuthStore.getState().token;
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && token && useAuthStore.getState().token === token) {
      useAuthStore.getState().endSession(messages.sessionExpired);
    }
    const error = ErrorBody.safeParse(payload);
    throw new ApiError(response.status, error.success ? error.data.detail : undefined);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, undefined);
  return parsed.data;
}
