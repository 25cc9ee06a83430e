import { describe, expect, it } from 'vitest';
import { designIsProLabelled, FREE_MODE_PLAN } from './design-plan.ts';

describe('the Pro label of the Design tab (spec section 6)', () => {
  it('is not shown in free mode, where everyone is pro', () => {
    expect(designIsProLabelled(FREE_MODE_PLAN)).toBe(false);
  });

  it.each([
    ['pro', false],
    ['trial', false],
    ['free', true],
    ['active', true],
    ['canceled', true],
  ] as const)('plan %s: labelled %s', (plan, labelled) => {
    expect(designIsProLabelled(plan)).toBe(labelled);
  });
});
