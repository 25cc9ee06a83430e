import { describe, expect, it } from 'vitest';
import { rememberedSongOwners } from '#server/submissions/song-owners.ts';

/** A database of two musicians' songs, counting what is asked of it. */
function catalogue() {
  const songs: Record<string, string[]> = { ann: ['a1', 'a2', 'a3'], bob: ['b1', 'b2'] };
  const asked: string[] = [];
  const lookup = async (songId: string) => {
    asked.push(songId);
    const owner = Object.keys(songs).find((musician) => songs[musician]!.includes(songId));
    return owner === undefined ? undefined : { musicianId: owner, songIds: songs[owner]! };
  };
  return { asked, lookup };
}

describe('the song owners a process remembers', () => {
  it('learns every song of a musician from their first song asked about', async () => {
    const { asked, lookup } = catalogue();
    const owners = rememberedSongOwners(lookup);
    expect(await owners.ownerOf('a2')).toBe('ann');
    expect(await owners.ownerOf('a1')).toBe('ann');
    expect(await owners.ownerOf('a3')).toBe('ann');
    expect(await owners.ownerOf('b2')).toBe('bob');
    expect(asked).toEqual(['a2', 'b2']);
  });

  it('does not remember unknown songs, so made-up ids cannot fill it', async () => {
    const { asked, lookup } = catalogue();
    const owners = rememberedSongOwners(lookup);
    expect(await owners.ownerOf('nope')).toBeUndefined();
    expect(await owners.ownerOf('nope')).toBeUndefined();
    expect(asked).toEqual(['nope', 'nope']);
  });

  it('forgets the songs it learnt first past its bound, and a song it is told to', async () => {
    const { asked, lookup } = catalogue();
    const owners = rememberedSongOwners(lookup, 4);
    await owners.ownerOf('a1'); // a1 a2 a3
    await owners.ownerOf('b1'); // a2 a3 b1 b2: a1 went first
    expect(await owners.ownerOf('a3')).toBe('ann');
    expect(asked).toEqual(['a1', 'b1']);
    expect(await owners.ownerOf('a1')).toBe('ann');
    expect(asked).toEqual(['a1', 'b1', 'a1']);
    owners.forget('b2');
    expect(await owners.ownerOf('b2')).toBe('bob');
    expect(asked).toEqual(['a1', 'b1', 'a1', 'b2']);
  });

  it('remembers songs handed to it at once, within its bound', async () => {
    const { asked, lookup } = catalogue();
    const owners = rememberedSongOwners(lookup, 2);
    owners.remember([
      { songId: 'a1', musicianId: 'ann' },
      { songId: 'b1', musicianId: 'bob' },
      { songId: 'b2', musicianId: 'bob' },
    ]);
    expect(await owners.ownerOf('a1')).toBe('ann');
    expect(await owners.ownerOf('b1')).toBe('bob');
    expect(asked).toEqual([]);
  });
});
