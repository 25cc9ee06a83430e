import type { z } from 'zod';
import { api } from '#client/lib/api-client.ts';

/** POSTs one file as multipart/form-data and parses the answer with `schema`. */
export function uploadFile<T>(path: string, file: File, schema: z.ZodType<T>): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload(path, schema, form);
}
