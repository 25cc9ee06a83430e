import { describe, expect, it } from 'vitest';
import { safeNextPath } from './route-guards.tsx';

describe('safeNextPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeNextPath('/on-stage/my-band')).toBe('/on-stage/my-band');
    expect(safeNextPath('/dashboard?tab=profile#x')).toBe('/dashboard?tab=profile#x');
  });

  it('refuses anything that could leave the site, and nothing at all', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/on-stage',
      '/\\evil.example',
      'javascript:alert(1)',
      'on-stage/my-band',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next)).toBeUndefined();
    }
  });
});
