import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { IMAGE_MAX_BYTES } from '#shared/schemas/audience.ts';
import { imageFileProblem } from './image-file.ts';

describe('imageFileProblem', () => {
  it.each(['image/jpeg', 'image/png'])('takes a %s under 2MB', (type) => {
    expect(imageFileProblem({ type, size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses 2MB and one byte in the spec’s words', () => {
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(
      messages.imageTooLarge,
    );
  });

  it.each(['image/gif', 'image/svg+xml', 'image/webp', ''])('refuses type "%s"', (type) => {
    expect(imageFileProblem({ type, size: 100 })).toBe(messages.imageWrongType);
  });
});
