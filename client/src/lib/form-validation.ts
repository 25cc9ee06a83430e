import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

type Validation<T, K extends string> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/** Checks form values with a shared schema; keeps the first message of each field. */
export function validateForm<T, K extends string>(
  schema: z.ZodType<T>,
  values: Record<K, string>,
): Validation<T, K> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as K]) {
      errors[field as K] = issue.message;
    }
  }
  return { ok: false, errors };
}
