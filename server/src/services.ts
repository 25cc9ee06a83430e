import type { QueueReorder } from '#server/events/queue-reorder.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.ts';
import { paymentsMode } from './features/payments/payments-mode.ts';
import { paymentsRepository } from './features/payments/payments-repository.ts';
import { paymentsService } from './features/payments/payments-service.ts';
import { stripeClient } from './features/payments/stripe-client.ts';
import type Stripe from 'stripe';
import { derivedKeys } from './db/derived-keys.ts';
import { domainEvents } from './events/domain-events.ts';
import { accountRepository } from './features/account/account-repository.ts';
import { accountService } from './features/account/account-service.ts';
import { blocklistRepository } from './features/blocklist/blocklist-repository.ts';
import { blocklistService } from './features/blocklist/blocklist-service.ts';
import { contactMailer } from './features/contact/contact-mailer.ts';
import { contactRepository } from './features/contact/contact-repository.ts';
import { contactService } from './features/contact/contact-service.ts';
import { authService } from './features/auth/auth-service.ts';
import { housekeepingService } from './features/auth/housekeeping-service.ts';
import { passwordResetService } from './features/auth/password-reset-service.ts';
import { passwordResetsRepository } from './features/auth/password-resets-repository.ts';
import { resetCodeMailer } from './features/auth/reset-code-mailer.ts';
import { sessionsRepository } from './credentials/sessions-repository.ts';
import { analyticsRepository } from './features/analytics/analytics-repository.ts';
import { analyticsService } from './features/analytics/analytics-service.ts';
import { metadataRepository } from './features/metadata/metadata-repository.ts';
import { metadataService } from './features/metadata/metadata-service.ts';
import { metadataSources } from './features/metadata/metadata-sources.ts';
import { musiciansRepository } from './musicians/musicians-repository.ts';
import { systemClock } from './musicians/request-window.ts';
import { requestWindowScheduler } from './features/request-window/request-window-scheduler.ts';
import { requestWindowsRepository } from './features/request-window/request-windows-repository.ts';
import { oidcFlowsRepository } from './features/oidc/oidc-flows-repository.ts';
import { oidcProviderClient } from './features/oidc/oidc-provider-client.ts';
import { oidcService } from './features/oidc/oidc-service.ts';
import { oidcSignupsRepository } from './features/oidc/oidc-signups-repository.ts';
import { audienceService } from './features/audience/audience-service.ts';
import { songListCache } from './features/audience/song-list-cache.ts';
import { songStatesRepository } from './features/audience/song-states-repository.ts';
import { showRecapRepository } from './features/audience/show-recap-repository.ts';
import { tipsRepository } from './features/tips/tips-repository.ts';
import { tipsService } from './features/tips/tips-service.ts';
import { designRepository } from './design/design-repository.ts';
import { designService } from './features/design/design-service.ts';
import { imagesRepository } from './images/images-repository.ts';
import { imagesService } from './features/images/images-service.ts';
import { qrCodeService } from './features/qr-code/qr-code-service.ts';
import { playlistImportService } from './features/playlist-import/playlist-import-service.ts';
import { playlistsRepository } from './features/playlists/playlists-repository.ts';
import { playlistsService } from './features/playlists/playlists-service.ts';
import { profileService } from './features/profile/profile-service.ts';
import { liveQueueService } from './features/requests/live-queue-service.ts';
import { requestQueueRepository } from './features/requests/request-queue-repository.ts';
import { requestReceiptRepository } from './features/requests/request-receipt-repository.ts';
import { alternativesRepository } from './features/requests/alternatives-repository.ts';
import { requestAlternatives } from './features/requests/request-alternatives.ts';
import { requestsRepository } from './features/requests/requests-repository.ts';
import { requestsService } from './features/requests/requests-service.ts';
import { showReportRepository } from './features/shows/show-report-repository.ts';
import { showReportService } from './features/shows/show-report-service.ts';
import { showsRepository } from './features/shows/shows-repository.ts';
import { showsService } from './features/shows/shows-service.ts';
import { songImportRepository } from './features/song-import/song-import-repository.ts';
import { songImportService } from './features/song-import/song-import-service.ts';
import { STARTER_CATALOGUE } from './catalogue/starter-catalogue.ts';
import { starterPackService } from './features/starter-pack/starter-pack-service.ts';
import { songsRepository } from './features/songs/songs-repository.ts';
import { songsService } from './features/songs/songs-service.ts';
import { stageDevicesRepository } from './features/stage-devices/stage-devices-repository.ts';
import { stageDevicesService } from './features/stage-devices/stage-devices-service.ts';
import { suggestionsRepository } from './features/suggestions/suggestions-repository.ts';
import { suggestionsService } from './features/suggestions/suggestions-service.ts';
import { subscriptionRepository } from './features/subscription/subscription-repository.ts';
import { subscriptionService } from './features/subscription/subscription-service.ts';
import { feedRepository } from './features/feed/feed-repository.ts';
import { feedService } from './features/feed/feed-service.ts';
import { feedTokensRepository } from './features/feed/feed-tokens-repository.ts';
import { feedTokensService } from './features/feed/feed-tokens-service.ts';
import { insightsRepository } from './features/insights/insights-repository.ts';
import { insightsService } from './features/insights/insights-service.ts';
import { webManifestService } from './features/web-manifest/web-manifest-service.ts';
import { publicQueueRepository } from './features/public-queue/public-queue-repository.ts';
import { publicQueueCache } from './features/public-queue/public-queue-cache.ts';
import { publicQueueService } from './features/public-queue/public-queue-service.ts';
import { audienceLink } from './features/qr-code/qr-code-service.ts';
import { qrPath } from './features/qr-code/qr-render.ts';
import { proofOfWorkService } from './proof-of-work/proof-of-work-service.ts';
import { backgroundWork } from './features/push-notifications/background-work.ts';
import { pushNotificationsService } from './features/push-notifications/push-notifications-service.ts';
import { pushSender } from './features/push-notifications/push-sender.ts';
import { pushSubscriptionsRepository } from './features/push-notifications/push-subscriptions-repository.ts';
import { vapidKeys } from './features/push-notifications/vapid-keys.ts';
import { loggableError } from './logging/loggable-error.ts';
import { spentProofsRepository } from './proof-of-work/spent-proofs-repository.ts';

/**
 * The composition root: repositories over the database, services over repositories. Naming:
 * every repository is built once, here, as `repositories.x`; every other name is a service
 * (or, for `events` and `keys`, the shared plumbing), and each factory takes one object of its
 * dependencies.
 */
function buildServices(app: FastifyInstance, config: AppConfig, stripe: Stripe | undefined) {
  const db = app.database.kysely;
  const events = domainEvents();
  // Status tokens of keyed submissions and the hashes of sending addresses (derived-keys.ts).
  const keys = derivedKeys(db);
  const images = imagesRepository(db);
  const repositories = {
    account: accountRepository(db),
    alternatives: alternativesRepository(db),
    analytics: analyticsRepository(db),
    blocklist: blocklistRepository(db),
    contact: contactRepository(db),
    design: designRepository(db, images),
    feed: feedRepository(db),
    feedTokens: feedTokensRepository(db),
    images,
    insights: insightsRepository(db),
    metadata: metadataRepository(db),
    musicians: musiciansRepository(db),
    oidcFlows: oidcFlowsRepository(db),
    oidcSignups: oidcSignupsRepository(db),
    passwordResets: passwordResetsRepository(db),
    playlists: playlistsRepository(db),
    publicQueue: publicQueueRepository(db),
    pushSubscriptions: pushSubscriptionsRepository(db),
    requests: requestsRepository(db),
    requestQueue: requestQueueRepository(db),
    requestReceipts: requestReceiptRepository(db),
    requestWindows: requestWindowsRepository(db),
    sessions: sessionsRepository(db),
    showReports: showReportRepository(db),
    shows: showsRepository(db),
    songImport: songImportRepository(db),
    songs: songsRepository(db),
    songStates: songStatesRepository(db),
    showRecaps: showRecapRepository(db),
    stageDevices: stageDevicesRepository(db),
    subscription: subscriptionRepository(db),
    suggestions: suggestionsRepository(db),
    tips: tipsRepository(db),
    payments: paymentsRepository(db),
    spentProofs: spentProofsRepository(db),
  };
  const { musicians, playlists } = repositories;
  // Whether the audience may request the song now: the active playlist's rule.
  const requestable = (songId: string) => playlists.isRequestable(songId);

  // Services other services are built on.
  const songs = songsService({ songs: repositories.songs, events });
  const metadata = metadataService({
    sources: metadataSources(config, app.log),
    metadata: repositories.metadata,
    events,
    log: app.log,
    enrichBudgetMs: config.metadata.enrichBudgetMs,
  });
  const songImport = songImportService({
    songImport: repositories.songImport,
    metadata,
    events,
    log: app.log,
  });
  const auth = authService({
    musicians,
    sessions: repositories.sessions,
    onSessionsRevoked: events.sessionsRevoked,
  });
  // The audience's writes prove a little work (PROOF_OF_WORK): requests, +1s and suggestions.
  const proofOfWork = proofOfWorkService({
    mode: config.proofOfWork,
    keys,
    spent: repositories.spentProofs,
    perMusicianPerMinute: config.limits.perMusicianPerMinute,
    perAddressPerMinute: config.limits.perAddressPerMinute,
  });
  // Songs to ask for instead of one turned down; held back as the audience's list shows them.
  const alternatives = requestAlternatives({
    songs: repositories.alternatives,
    heldBack: repositories.songStates,
    clock: config.clock,
  });
  // A requester's phone told when their request comes up, is played or turned down (issue 47).
  const pushWork = backgroundWork((err: unknown) =>
    app.log.error({ err: loggableError(err) }, 'push notification failed'),
  );
  const vapid = vapidKeys(db);
  const pushNotifications = pushNotificationsService({
    subscriptions: repositories.pushSubscriptions,
    vapid,
    sender: pushSender({
      keys: vapid.get,
      subject: config.webPush.subject,
      timeoutMs: config.webPush.timeoutMs,
      signal: pushWork.signal,
    }),
    events,
    work: pushWork,
    allowedOrigins: config.webPush.allowedOrigins,
    finalAfterMs: config.webPush.finalAfterMs,
    log: app.log,
    // A rejection's push names the songs its status offers instead.
    alternatives: (requestId) => alternatives.forRequest(requestId),
  });
  pushNotifications.listen();
  const requests = requestsService({
    requests: repositories.requests,
    queue: repositories.requestQueue,
    events,
    keys,
    limits: config.limits,
    clock: config.clock,
    proofOfWork,
    receipts: repositories.requestReceipts,
    pushPublicKey: pushNotifications.publicKey,
    alternatives,
  });
  const suggestions = suggestionsService({
    suggestions: repositories.suggestions,
    blocklist: repositories.blocklist,
    events,
    keys,
    limits: config.limits,
    requestable,
    proofOfWork,
  });
  // What a tip, a queue order, a deleted show or a blocked requester calls to close up the queue.
  const queue: QueueReorder = { reorder: (musicianId) => requests.reorderQueue(musicianId) };
  const payments = paymentsService({
    config: config.stripe,
    stripe,
    publicUrl: config.publicUrl,
    payments: repositories.payments,
    musicians,
    requests: { create: requests.create, findById: repositories.requests.findById },
    events,
    keys,
    queue,
    log: app.log,
    clock: config.clock,
  });
  // Refunds follow the musician's rejections and ended shows.
  payments.listen();
  return {
    events,
    auth,
    proofOfWork,
    // Sign-in with an OpenID Connect provider, when OIDC_* is set.
    oidc:
      config.oidc &&
      oidcService({
        provider: oidcProviderClient(config.oidc),
        flows: repositories.oidcFlows,
        signups: repositories.oidcSignups,
        musicians,
        auth,
        log: app.log,
        publicUrl: config.publicUrl,
      }),
    // Announces each request window's open and close at its time (issue 22).
    requestWindows: requestWindowScheduler({
      windows: repositories.requestWindows,
      events,
      clock: config.clock ?? systemClock,
      log: app.log,
      recheckMs: config.requestWindowRecheckMs,
    }),
    housekeeping: housekeepingService({
      sessions: repositories.sessions,
      resets: repositories.passwordResets,
      pairings: repositories.stageDevices,
      spentProofs: repositories.spentProofs,
      pushSubscriptions: repositories.pushSubscriptions,
    }),
    stageDevices: stageDevicesService({
      stageDevices: repositories.stageDevices,
      musicians,
      onSessionsRevoked: events.sessionsRevoked,
      log: app.log,
    }),
    passwordReset: passwordResetService({
      musicians,
      resets: repositories.passwordResets,
      mailer: resetCodeMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
      log: app.log,
      exposeResetCode: config.exposeResetCode,
      delivery: config.smtpUrl ? 'email' : 'log',
      onSessionsRevoked: events.sessionsRevoked,
      onFeedTokensRevoked: events.feedTokensRevoked,
    }),
    profile: profileService({
      musicians,
      events,
      clock: config.clock,
      queue,
      paymentsMode: paymentsMode(config.stripe),
    }),
    account: accountService({
      musicians,
      account: repositories.account,
      sessions: repositories.sessions,
      events,
    }),
    songs,
    playlists: playlistsService({ playlists, events }),
    audience: audienceService({
      musicians,
      songs,
      playlists,
      design: repositories.design,
      clock: config.clock,
      songStates: repositories.songStates,
      recaps: repositories.showRecaps,
      cardsOnServer: config.stripe !== undefined,
    }),
    /** The public song lists this process answered in the last fraction of a second. */
    songLists: songListCache(),
    design: designService({ design: repositories.design, musicians, events }),
    images: imagesService({ images }),
    qrCode: qrCodeService({ musicians, design: repositories.design }),
    tips: tipsService({
      musicians,
      tips: repositories.tips,
      requests: repositories.requests,
      events,
      limits: config.limits,
      keys,
      queue,
    }),
    requests,
    pushNotifications,
    payments,
    blocklist: blocklistService({
      blocklist: repositories.blocklist,
      events,
      findRequest: (id) => repositories.requests.findById(id),
      queue,
    }),
    shows: showsService({ shows: repositories.shows, events, queue }),
    showReport: showReportService({
      shows: repositories.shows,
      reports: repositories.showReports,
    }),
    suggestions,
    liveQueue: liveQueueService({
      requests: repositories.requests,
      shows: repositories.shows,
      suggestions: repositories.suggestions,
    }),
    analytics: analyticsService({ analytics: repositories.analytics }),
    metadata,
    songImport,
    playlistImport: playlistImportService({ config: config.playlistImport, songImport }),
    starterPack: starterPackService({ catalogue: STARTER_CATALOGUE, songImport }),
    contact: contactService({
      contact: repositories.contact,
      mailer: contactMailer({
        smtpUrl: config.smtpUrl,
        supportEmail: config.supportEmail,
        from: config.mailFrom,
      }),
      log: app.log,
      keys,
      limits: config.limits,
    }),
    subscription: subscriptionService({ subscription: repositories.subscription }),
    feedTokens: feedTokensService({ tokens: repositories.feedTokens, events }),
    feed: feedService({ feed: repositories.feed, tokens: repositories.feedTokens }),
    insights: insightsService({
      insights: repositories.insights,
      songs,
      metadata,
      suggestions,
    }),
    webManifest: webManifestService({ musicians }),
    // A +1 is filed as a request for the same song: requests.create merges it, under every limit.
    /** The public queues this process read for the crowd of a `queue` push. */
    publicQueues: publicQueueCache(),
    publicQueue: publicQueueService({
      queue: repositories.publicQueue,
      fileRequest: (data, key, deviceId, address, timeZone, proof) =>
        requests.create(data, key, deviceId, address, timeZone, undefined, proof),
      audienceLink,
      qrPath,
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const { config } = options;
    const stripe = config.stripe && (await stripeClient(config.stripe));
    app.decorate('services', buildServices(app, config, stripe));
    // Pushes still being sent finish (or are aborted) before the database closes.
    app.addHook('onClose', () => app.services.pushNotifications.close());
  },
  { name: 'services', dependencies: ['database'] },
);
