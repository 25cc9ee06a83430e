import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QrCodeQuery, QrFlyerQuery, QrFlyerResponse } from '#shared/schemas/audience.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';
import { publicUrlFor, type PublicUrlOptions } from '#server/http/public-url.ts';

// The same public url as GET /api/config's (publicUrlFor), so the printed code matches the
// dashboard's link.
export const qrCodeRoutes: FastifyPluginAsyncZod<PublicUrlOptions> = async (app, options) => {
  const { qrCode } = app.services;
  app.addHook('onRequest', app.requireMusician);

  // The musician's own code: private to the browser, and never stale after a slug change.
  app.get('/qr-code', { schema: { querystring: QrCodeQuery } }, async (request, reply) => {
    const { musicianId } = sessionOf(request);
    const publicUrl = publicUrlFor(request, options);
    reply.header('cache-control', 'private, no-store');
    if (request.query.format === 'svg') {
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audience-qr-code.svg"')
        .send(await qrCode.svg(musicianId, publicUrl));
    }
    return reply
      .type('image/png')
      .header('content-disposition', 'attachment; filename="audience-qr-code.png"')
      .send(await qrCode.png(musicianId, publicUrl));
  });

  app.get(
    '/qr-flyer',
    { schema: { querystring: QrFlyerQuery, response: responses({ 200: QrFlyerResponse }) } },
    async (request, reply) => {
      const { musicianId } = sessionOf(request);
      const publicUrl = publicUrlFor(request, options);
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'pdf') {
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', 'inline; filename="song-request-flyer.pdf"')
            // A Buffer is sent as it is: the JSON schema above applies to the image answer only.
            .send((await qrCode.flyerPdf(musicianId, publicUrl, request.query.paper)) as never)
        );
      }
      return { flyer: await qrCode.flyerImage(musicianId, publicUrl) };
    },
  );
};
