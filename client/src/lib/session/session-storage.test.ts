import { describe, expect, it } from 'vitest';
import { makeMusician } from '#client-test/musician-factory.ts';
import { readSession, SESSION_STORAGE_KEY } from './session-storage.ts';

const storageWith = (value: unknown) => ({
  getItem: (key: string) => (key === SESSION_STORAGE_KEY ? JSON.stringify(value) : null),
});

describe('a stored session', () => {
  it('from a build before request windows stays signed in, with no window', () => {
    const { requests_open_at: _open, requests_close_at: _close, ...before } = makeMusician();
    const session = readSession(storageWith({ token: 't', musician: before }));
    expect(session?.musician).toMatchObject({ requests_open_at: null, requests_close_at: null });
  });
});
