import { describe, expect, it } from 'vitest';
import { fill, plural } from './fill-message.ts';

describe('fill', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(fill('{count} songs for {name}', { count: 3 })).toBe('3 songs for {name}');
  });
});

describe('plural', () => {
  it('says one or many', () => {
    expect(plural(1, 'song', 'songs')).toBe('1 song');
    expect(plural(0, 'line', 'lines')).toBe('0 lines');
  });
});
