import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ImageParams = z.object({ file: z.string() });

/**
 * Public, like the audience page that shows them: an image is found only by its random id,
 * which nothing lists. Cached for a year, since a changed image gets a new id.
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { images } = app.services;
  app.get('/images/:file', { schema: { params: ImageParams } }, async (request, reply) => {
    const image = await images.file(request.params.file);
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
};
