import { describe, expect, it } from 'vitest';
import { placeInLine, sentHeadline } from './requester-status.ts';

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

describe('the success state after Send says', () => {
  it('the place in line once the status brings it', () => {
    expect(sentHeadline({ status: 'pending', queue_position: 9 })).toEqual({
      key: 'sentInLine',
      position: 9,
    });
  });

  it('up next, or a plain "Sent!" while the place is not known yet', () => {
    expect(sentHeadline({ status: 'up_next', queue_position: 1 })).toEqual({ key: 'sentUpNext' });
    expect(sentHeadline({ status: 'pending', queue_position: null })).toEqual({
      key: 'sentReceived',
    });
    expect(sentHeadline(undefined)).toEqual({ key: 'sentReceived' });
  });
});
