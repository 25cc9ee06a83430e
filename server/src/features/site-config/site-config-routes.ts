import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteConfigResponse } from '#shared/schemas/site-config.ts';
import { responses } from '#server/http/responses.ts';

export const siteConfigRoutes: FastifyPluginAsyncZod<{
  publicUrl: string;
  supportEmail: string | undefined;
}> = async (app, options) => {
  const body = { public_url: options.publicUrl, support_email: options.supportEmail ?? null };
  app.get(
    '/config',
    { schema: { response: responses({ 200: SiteConfigResponse }) } },
    async () => body,
  );
};
