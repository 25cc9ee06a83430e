import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { isDefaultPublicUrl, type AppConfig } from './config.ts';
import { analyticsRoutes } from './features/analytics/analytics-routes.ts';
import { accountRoutes } from './features/account/account-routes.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { blocklistRoutes } from './features/blocklist/blocklist-routes.ts';
import { oidcRoutes } from './features/oidc/oidc-routes.ts';
import { contactRoutes } from './features/contact/contact-routes.ts';
import { subscriptionRoutes } from './features/subscription/subscription-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { designRoutes } from './features/design/design-routes.ts';
import { imagesRoutes } from './features/images/images-routes.ts';
import { qrCodeRoutes } from './features/qr-code/qr-code-routes.ts';
import { audienceRoutes } from './features/audience/audience-routes.ts';
import { tipsRoutes } from './features/tips/tips-routes.ts';
import { paymentsRoutes } from './features/payments/payments-routes.ts';
import { playlistsRoutes } from './features/playlists/playlists-routes.ts';
import { profileRoutes } from './features/profile/profile-routes.ts';
import { requestsRoutes } from './features/requests/requests-routes.ts';
import { showsRoutes } from './features/shows/shows-routes.ts';
import { suggestionsRoutes } from './features/suggestions/suggestions-routes.ts';
import { siteConfigRoutes } from './features/site-config/site-config-routes.ts';
import { songsRoutes } from './features/songs/songs-routes.ts';
import { metadataRoutes } from './features/metadata/metadata-routes.ts';
import { playlistImportRoutes } from './features/playlist-import/playlist-import-routes.ts';
import { songImportRoutes } from './features/song-import/song-import-routes.ts';
import { starterPackRoutes } from './features/starter-pack/starter-pack-routes.ts';
import { stageDevicesRoutes } from './features/stage-devices/stage-devices-routes.ts';
import { feedRoutes } from './features/feed/feed-routes.ts';
import { feedHub } from './features/feed/feed-hub.ts';
import { feedTokensRoutes } from './features/feed/feed-tokens-routes.ts';
import { insightsRoutes } from './features/insights/insights-routes.ts';
import { webManifestRoutes } from './features/web-manifest/web-manifest-routes.ts';
import { publicQueueRoutes } from './features/public-queue/public-queue-routes.ts';
import { pushNotificationsRoutes } from './features/push-notifications/push-notifications-routes.ts';
import { proxyTrust } from './http/client-address.ts';
import { redactUrl } from './http/url-redaction.ts';
import { addressLengthPlugin } from './plugins/address-length.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientPlugin } from './plugins/client.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { quietCollectionPlugin } from './plugins/quiet-collection.ts';
import { requestWindowsPlugin } from './plugins/request-windows.ts';
import { loggableError, type LoggableError } from './logging/loggable-error.ts';
import { nulGuardPlugin } from './plugins/nul-guard.ts';
import { wellFormedTextPlugin } from './plugins/well-formed-text.ts';
import { unreadableRequest } from './http/unreadable-request.ts';
import { feedWebSocketPlugin } from './realtime/feed-websocket-plugin.ts';
import { realtimePlugin } from './realtime/socket-server-plugin.ts';
import { securityPlugin } from './plugins/security.ts';
import { readinessPlugin } from './plugins/readiness.ts';
import { metricsPlugin } from './metrics/metrics-plugin.ts';
import { servicesPlugin } from './services.ts';

/** Secrets that must never reach a log line, wherever they appear. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.reset_code',
  '*.token',
  '*.status_token',
];

/** Fastify's default request fields, with the URL's secrets taken out (url-redaction.ts). */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function unroutableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ detail: messages.addressTooLong });
  }
  return reply.code(400).send({ detail: messages.addressInvalid });
}

/** pino's error shape (type, message, stack) from the cleaned copy: no parameters, no emails. */
function errForLog(error: unknown) {
  // The error handler logs an already cleaned copy (a plain object): keep it as it is.
  const clean = error instanceof Error ? loggableError(error) : (error as LoggableError);
  return { ...clean, type: clean.kind, message: clean.message ?? '', stack: clean.stack ?? '' };
}

interface BuildOptions {
  /** Where log lines go; tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application from a config object: no globals, no env reads. */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const trustProxy = proxyTrust(config.trustProxy);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Errors logged anywhere lose query parameters and personal data (loggable-error.ts).
      serializers: { req: requestForLog, err: errForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy,
    bodyLimit: 1024 * 1024,
    // Opening the database may take long: creating the embedded one on a busy or slow machine,
    // or replaying its WAL after a crash, passed Fastify's default 10 s and failed the start.
    pluginTimeout: 120_000,
    // Lets in-flight requests finish on shutdown while refusing new keep-alive ones.
    return503OnClosing: true,
    // URLs the router cannot take (an overlong or malformed part): a {detail} like every other
    // error, never the URL echoed back (it may hold a requester's status token).
    frameworkErrors: unroutableUrl,
    clientErrorHandler: unreadableRequest,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(addressLengthPlugin);
  await app.register(compressionPlugin);
  await app.register(securityPlugin, { publicUrl: config.publicUrl, ...config.rateLimit });
  await app.register(nulGuardPlugin);
  await app.register(wellFormedTextPlugin);
  await app.register(databasePlugin, { database: config.database });
  await app.register(readinessPlugin);
  await app.register(servicesPlugin, { config });
  await app.register(authPlugin);
  // Before realtime: its feeds must close before Socket.IO closes the HTTP server.
  const { feed, feedTokens } = app.services;
  await app.register(feedWebSocketPlugin, {
    hub: feedHub({ feed, tokens: feedTokens, log: app.log }),
  });
  // Nothing is measured, and there is no GET /metrics, unless METRICS_TOKEN is set (nor is
  // prom-client loaded: every test file starts an app).
  const metrics = config.metricsToken
    ? (await import('./metrics/app-metrics.ts')).appMetrics()
    : undefined;
  await app.register(realtimePlugin, {
    redis: config.redis,
    trustProxy,
    socketLimits: config.socketLimits,
    onRedisError: metrics?.redisError,
  });
  if (metrics && config.metricsToken) {
    // Before the routes: its onResponse hook times every one of them.
    await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  }
  await app.register(housekeepingPlugin);
  await app.register(quietCollectionPlugin);
  await app.register(requestWindowsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteConfigRoutes, {
        publicUrl: config.publicUrl,
        publicUrlIsDefault: isDefaultPublicUrl(config),
        supportEmail: config.supportEmail,
        oidcButtonLabel: config.oidc?.buttonLabel,
      });
      await api.register(authRoutes);
      if (config.oidc && isDefaultPublicUrl(config)) {
        // The provider sends the browser back to PUBLIC_URL/profile, never to a Host header.
        app.log.warn(
          `OIDC sign-in returns to ${config.publicUrl}/profile: set PUBLIC_URL to the address musicians open the site at`,
        );
      }
      await api.register(oidcRoutes, { publicUrl: config.publicUrl });
      await api.register(profileRoutes);
      await api.register(accountRoutes);
      await api.register(songsRoutes);
      await api.register(songImportRoutes);
      await api.register(metadataRoutes);
      await api.register(playlistImportRoutes);
      await api.register(starterPackRoutes);
      await api.register(audienceRoutes);
      await api.register(tipsRoutes);
      await api.register(paymentsRoutes);
      await api.register(playlistsRoutes);
      await api.register(requestsRoutes);
      await api.register(pushNotificationsRoutes);
      await api.register(blocklistRoutes);
      await api.register(showsRoutes);
      await api.register(suggestionsRoutes);
      await api.register(designRoutes);
      await api.register(imagesRoutes);
      await api.register(qrCodeRoutes, {
        publicUrl: config.publicUrl,
        publicUrlIsDefault: isDefaultPublicUrl(config),
      });
      await api.register(stageDevicesRoutes, {
        publicUrl: config.publicUrl,
        publicUrlIsDefault: isDefaultPublicUrl(config),
      });
      await api.register(analyticsRoutes);
      await api.register(contactRoutes);
      await api.register(subscriptionRoutes);
      await api.register(feedTokensRoutes);
      await api.register(feedRoutes);
      await api.register(insightsRoutes);
      await api.register(webManifestRoutes);
      await api.register(publicQueueRoutes, {
        publicUrl: config.publicUrl,
        publicUrlIsDefault: isDefaultPublicUrl(config),
      });
    },
    { prefix: '/api' },
  );
  await app.register(clientPlugin, { clientDir: config.clientDir });

  return app;
}
