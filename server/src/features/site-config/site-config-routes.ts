import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteConfigResponse } from '#shared/schemas/site-config.ts';
import { responses } from '#server/http/responses.ts';
import { publicUrlFor, type PublicUrlOptions } from '#server/http/public-url.ts';

export const siteConfigRoutes: FastifyPluginAsyncZod<
  PublicUrlOptions & { supportEmail: string | undefined; oidcButtonLabel: string | undefined }
> = async (app, options) => {
  const supportEmail = options.supportEmail ?? null;
  const oidcButtonLabel = options.oidcButtonLabel ?? null;
  app.get(
    '/config',
    { schema: { response: responses({ 200: SiteConfigResponse }) } },
    async (request) => ({
      public_url: publicUrlFor(request, options),
      support_email: supportEmail,
      oidc_button_label: oidcButtonLabel,
    }),
  );
};
