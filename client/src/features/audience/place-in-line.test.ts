import { describe, expect, it } from 'vitest';
import { placeInLine } from './requester-status.ts';

describe('the requester sees their place in line', () => {
  it('is the queue_position of a waiting request', () => {
    expect(placeInLine({ status: 'pending', queue_position: 3 })).toBe(3);
    expect(placeInLine({ status: 'accepted', queue_position: 1 })).toBe(1);
  });

  it('is nothing once Up Next, played, or without a position', () => {
    expect(placeInLine({ status: 'up_next', queue_position: 1 })).toBeNull();
    expect(placeInLine({ status: 'played', queue_position: null })).toBeNull();
    expect(placeInLine({ status: 'pending' })).toBeNull();
  });
});
