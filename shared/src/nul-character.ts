/**
 * U+0000 cannot be stored in PostgreSQL text, and arrives with text pasted from some apps and
 * with hostile input. Inputs holding one are refused (forms, API) or skipped (import rows).
 */
export const NUL = '\u0000';

export function hasNul(text: string): boolean {
  return text.includes(NUL);
}

/** Whether any string inside a parsed JSON value (or query / path params) holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  // Bodies are size-limited; the depth guard only stops a pathological nesting from recursing far.
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasNul(key) || containsNul(item, depth + 1));
}
