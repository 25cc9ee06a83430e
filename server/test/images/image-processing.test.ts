import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage } from '#server/images/image-processing.ts';
import { interlacedPngHeader, png } from '#server-test/helpers/test-images.ts';

describe('processImage', () => {
  it('works on one image at a time, however many arrive at once', async () => {
    const image = await png(3000, 3000);
    // sharp's own count of the images it is reading or writing right now.
    const inFlight = () => sharp.counters().process + sharp.counters().queue;
    let most = 0;
    let done = false;
    const all = Promise.all(
      Array.from({ length: 4 }, () => processImage(image, 'banner_image')),
    ).finally(() => (done = true));
    while (!done) {
      most = Math.max(most, inFlight());
      await new Promise((resolve) => setImmediate(resolve));
    }
    const processed = await all;
    expect(processed.map((p) => [p.width, p.height])).toEqual(Array(4).fill([600, 600]));
    expect(most).toBe(1);
  });

  it('goes on with the next image when one fails', async () => {
    const refused = processImage(interlacedPngHeader(6000, 4000), 'artist_photo');
    const next = processImage(await png(40, 40), 'artist_photo');
    await expect(refused).rejects.toMatchObject({ statusCode: 400 });
    expect((await next).width).toBe(40);
  });
});
