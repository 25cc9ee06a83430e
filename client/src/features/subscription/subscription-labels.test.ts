import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { subscriptionLabel } from './subscription-labels.ts';

describe('subscriptionLabel', () => {
  it.each([
    ['trial', messages.subscriptionLabelTrial],
    ['active', messages.subscriptionLabelActive],
    ['pro', messages.subscriptionLabelActive],
    ['canceled', messages.subscriptionLabelCanceled],
    ['free', messages.subscriptionLabelFree],
  ] as const)('labels plan %s', (plan, label) => {
    expect(subscriptionLabel(plan)).toBe(label);
  });
});
