import { describe, expect, it } from 'vitest';
import type { SongRequest } from '#shared/schemas/request.ts';
import { heldOrder } from './held-order.ts';

const request = (id: string) => ({ id }) as SongRequest;

describe('heldOrder', () => {
  const items = [request('a'), request('b'), request('c')];

  it('shows the order a drop left until the server sends the same', () => {
    expect(heldOrder(items, ['c', 'a', 'b']).map((r) => r.id)).toEqual(['c', 'a', 'b']);
    const caughtUp = [items[2]!, items[0]!, items[1]!];
    expect(heldOrder(caughtUp, ['c', 'a', 'b'])).toBe(caughtUp);
  });

  it("is the server's order when nothing is held or the column changed meanwhile", () => {
    expect(heldOrder(items, null)).toBe(items);
    expect(heldOrder(items, ['b', 'a'])).toBe(items);
    expect(heldOrder(items, ['c', 'a', 'x'])).toBe(items);
  });
});
