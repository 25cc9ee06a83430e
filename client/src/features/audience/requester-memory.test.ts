import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/limits.ts';
import { recallRequester, rememberRequester } from './requester-memory.ts';

const KEY = 'song-requests:requester';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[KEY, initial]]);
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const NOBODY = { name: '', email: '' };

describe('the remembered requester', () => {
  it('comes back as it was saved, for the next request', () => {
    const storage = memoryStorage();
    expect(recallRequester(storage)).toEqual(NOBODY);
    rememberRequester({ name: ' Zoë 🎸 ', email: 'zoe@example.com' }, storage);
    expect(recallRequester(storage)).toEqual({ name: 'Zoë 🎸', email: 'zoe@example.com' });
  });

  it.each([
    ['corrupt JSON', '{"name": "Ana", "email'],
    ['JSON null', 'null'],
    ['a string', '"Ana"'],
    ['a number', '42'],
    ['an array', '["Ana", "ana@example.com"]'],
    ['fields of the wrong type', '{"name": 7, "email": {"x": 1}}'],
  ])('reads as nobody from %s', (_, stored) => {
    expect(recallRequester(memoryStorage(stored))).toEqual(NOBODY);
  });

  it('keeps what the form could hold of a 10,000-character name, and no NUL', () => {
    const stored = JSON.stringify({
      name: `\u0000${'x'.repeat(10_000)}`,
      email: `a\u0000@example.com${'m'.repeat(10_000)}`,
    });
    const { name, email } = recallRequester(memoryStorage(stored));
    expect(name).toBe('x'.repeat(NAME_MAX_LENGTH));
    expect(email).toHaveLength(EMAIL_MAX_LENGTH);
    expect(email.startsWith('a@example.com')).toBe(true);

    const storage = memoryStorage();
    rememberRequester({ name: 'N\u0000'.repeat(10_000), email: 'e@example.com' }, storage);
    expect(recallRequester(storage).name).toBe('N'.repeat(NAME_MAX_LENGTH));
  });

  it('never ends on half an emoji', () => {
    const name = `${'x'.repeat(NAME_MAX_LENGTH - 1)}🎸`;
    expect(recallRequester(memoryStorage(JSON.stringify({ name, email: '' }))).name).toBe(
      'x'.repeat(NAME_MAX_LENGTH - 1),
    );
  });

  it('does without storage that throws (blocked, full)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(recallRequester(throwing)).toEqual(NOBODY);
    expect(() =>
      rememberRequester({ name: 'Ana', email: 'a@example.com' }, throwing),
    ).not.toThrow();
  });
});
