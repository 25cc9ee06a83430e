import { describe, expect, it } from 'vitest';
import { deletedRequests, TOMBSTONE_TTL_MS } from '#server/events/deleted-requests.ts';

describe('the memory of deleted requests that polling devices read', () => {
  it("answers a musician's deletions since a time, and no one else's", () => {
    let clock = 1_000_000;
    const memory = deletedRequests(() => clock);
    clock += 1000;
    memory.remember('m1', 'a');
    clock += 1000;
    memory.remember('m1', 'b');
    memory.remember('m2', 'c');
    expect(memory.since('m1', 1_000_500)).toEqual(['a', 'b']);
    expect(memory.since('m1', 1_001_500)).toEqual(['b']);
    expect(memory.since('m2', 1_000_000)).toEqual(['c']);
    // The margin reaches back further, for the clocks of other processes.
    expect(memory.since('m1', 1_001_500, 1000)).toEqual(['a', 'b']);
  });

  it('does not claim to know what happened before it existed or what it has forgotten', () => {
    let clock = 5_000_000;
    const memory = deletedRequests(() => clock);
    expect(memory.since('m1', clock - 1)).toBeUndefined();
    expect(memory.since('m1', clock)).toEqual([]);
    memory.remember('m1', 'a');
    clock += TOMBSTONE_TTL_MS + 1;
    // Forgotten: a cursor from then cannot be answered as a delta.
    expect(memory.since('m1', 5_000_000)).toBeUndefined();
    expect(memory.since('m1', clock - 1000)).toEqual([]);
  });
});
