import { describe, expect, it } from 'vitest';
import { recallVotes, rememberVote } from './voted-requests.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the requests this phone voted for', () => {
  it('are remembered once each, the oldest dropped past 200', () => {
    const storage = memoryStorage();
    rememberVote('a', storage);
    rememberVote('a', storage);
    expect(recallVotes(storage)).toEqual(['a']);
    for (let i = 0; i < 205; i++) rememberVote(`r${i}`, storage);
    const votes = recallVotes(storage);
    expect(votes).toHaveLength(200);
    expect(votes.at(-1)).toBe('r204');
    expect(votes).not.toContain('a');
  });

  it('read as none from broken storage', () => {
    expect(recallVotes({ getItem: () => '{not json' })).toEqual([]);
  });
});
