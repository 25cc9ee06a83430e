import { describe, expect, it } from 'vitest';
import { STARTER_PACK_SONG_COUNT } from '#shared/schemas/song.ts';
import { STARTER_CATALOGUE } from '#server/catalogue/starter-catalogue.ts';

describe('the starter pack size the empty Songs tab announces', () => {
  it('is the number of songs in the bundled catalogue', () => {
    expect(STARTER_CATALOGUE).toHaveLength(STARTER_PACK_SONG_COUNT);
  });
});
