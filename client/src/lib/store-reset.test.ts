import { beforeEach, describe, expect, it } from 'vitest';
import { createResettable, holdStoresFor, resetAllStores } from './store-reset.ts';

interface Counter {
  count: number;
  tags: string[];
  add(tag: string): void;
}

const useCounter = createResettable<Counter>((set) => ({
  count: 0,
  tags: [],
  add(tag) {
    set((state) => ({ count: state.count + 1, tags: [...state.tags, tag] }));
  },
}));
const useOther = createResettable(() => ({ name: 'initial' }));

describe('resetAllStores', () => {
  beforeEach(resetAllStores);

  it('puts every registered store back to its initial state, actions included', () => {
    useCounter.getState().add('a');
    useOther.setState({ name: 'changed' });
    resetAllStores();
    expect(useCounter.getState()).toMatchObject({ count: 0, tags: [] });
    expect(useOther.getState().name).toBe('initial');
    useCounter.getState().add('b');
    expect(useCounter.getState().tags).toEqual(['b']);
  });
});

describe('holdStoresFor', () => {
  beforeEach(resetAllStores);

  it('keeps the stores for the same musician and empties them for another one', () => {
    holdStoresFor('ann');
    useCounter.getState().add('ann-data');
    holdStoresFor('ann');
    expect(useCounter.getState().count).toBe(1);
    holdStoresFor('bob');
    expect(useCounter.getState().count).toBe(0);
  });

  it('does not empty the stores when nobody held them yet', () => {
    useCounter.getState().add('loaded-first');
    holdStoresFor('ann');
    expect(useCounter.getState().count).toBe(1);
  });
});
