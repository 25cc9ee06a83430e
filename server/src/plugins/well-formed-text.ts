import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Replaces each lone UTF-16 surrogate (a JSON "\ud800" without its pair) in a body, query or
 * path parameter with U+FFFD, before validation. UTF-8 cannot encode one, so the database driver
 * stores U+FFFD in its place: without this, rules that compare text saw one string and stored
 * another (three songs "Dup\ufffd" passed the duplicate rule as "Dup\ud800", "Dup\udfff", ...).
 * One hook for all routes, so a new field cannot forget it.
 */
export const wellFormedTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      request.body = wellFormed(request.body);
      request.query = wellFormed(request.query);
      request.params = wellFormed(request.params);
    });
  },
  { name: 'well-formed-text' },
);

/** `value` with every string in it well-formed; objects and arrays are changed in place. */
function wellFormed<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (value.isWellFormed() ? value : value.toWellFormed()) as T;
  // Parsed JSON and parameters only (never a Buffer or a stream); bodies are size-limited, and
  // the depth guard only stops a pathological nesting from recursing far.
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wellFormed(value[i], depth + 1);
    return value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = wellFormed(record[key], depth + 1);
  return value;
}
