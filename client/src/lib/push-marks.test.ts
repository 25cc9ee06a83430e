import { describe, expect, it } from 'vitest';
import { pushMarks } from './push-marks.ts';

describe('push marks', () => {
  it('tells a refetch whether a push of its kind came since it began', () => {
    const pushed = pushMarks<'profile' | 'design'>();
    const profileIsNews = pushed.since('profile');
    const designIsNews = pushed.since('design');
    expect(profileIsNews()).toBe(true);
    pushed.pushed('design');
    expect(profileIsNews()).toBe(true);
    expect(designIsNews()).toBe(false);
    // A refetch begun after the push is news again.
    expect(pushed.since('design')()).toBe(true);
  });
});
