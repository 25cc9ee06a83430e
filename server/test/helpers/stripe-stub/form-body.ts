/**
 * Parses a form-encoded body (or query string) the way Stripe reads the SDK's: bracketed keys
 * become nested objects and arrays (`line_items[0][price_data][unit_amount]=500`,
 * `expand[]=latest_charge`), like the `qs` package. Values stay strings, as Stripe receives them.
 */
export function parseFormBody(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  if (!text) return root;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const rawKey = at < 0 ? pair : pair.slice(0, at);
    const rawValue = at < 0 ? '' : pair.slice(at + 1);
    const key = decode(rawKey);
    const value = decode(rawValue);
    setPath(root, keySegments(key), value);
  }
  return root;
}

function decode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/** `a[b][0][]` -> ['a', 'b', '0', '']. */
function keySegments(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const segments = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

const forbidden = new Set(['__proto__', 'constructor', 'prototype']);

function setPath(root: Record<string, unknown>, segments: string[], value: string): void {
  if (segments.some((segment) => forbidden.has(segment))) return;
  let node: Record<string, unknown> | unknown[] = root;
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const slot: string | number = Array.isArray(node)
      ? segment === ''
        ? node.length
        : Number(segment)
      : segment;
    if (last) {
      (node as Record<string | number, unknown>)[slot] = value;
      return;
    }
    const next = segments[index + 1] ?? '';
    const container = node as Record<string | number, unknown>;
    if (container[slot] === undefined || typeof container[slot] !== 'object') {
      container[slot] = next === '' || /^\d+$/.test(next) ? [] : {};
    }
    node = container[slot] as Record<string, unknown> | unknown[];
  });
}
