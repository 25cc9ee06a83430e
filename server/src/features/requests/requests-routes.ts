import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { RefusedAsPlayed, RequestStatusView, StatusTokenParams } from '#shared/schemas/audience.ts';
import { IdParams, SuccessResponse } from '#shared/schemas/common.ts';
import {
  AlreadyRequested,
  CreatedRequest,
  CreateRequestBody,
  GroupedRequestsResponse,
  MovePositionBody,
  MusicianIdParams,
  PaidRequestCheckout,
  RequestsPageQuery,
  RequestsResponse,
  SongRequest,
  TrackClickBody,
  UpdatesResponse,
  UpdateStatusBody,
} from '#shared/schemas/request.ts';
import { HttpError, notFound } from '#server/http/errors.ts';
import { idempotencyKeyOf } from '#server/http/idempotency.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';
import { proofPayloadOf } from '#server/proof-of-work/proof-header.ts';
import { deviceIdOf, timeZoneOf } from '#server/submissions/requester.ts';

export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requests, liveQueue, events, payments } = app.services;
  const musicianOnly = { onRequest: app.requireMusician };
  // What the On Stage screen needs: also open to the musician's paired stage devices.
  const queueAccess = { onRequest: app.requireQueueAccess };
  const publicWrite = { config: { rateLimit: app.publicWriteRateLimit } };

  /** Routes naming a musician id answer only for the caller's own id. */
  const ownId = (request: Parameters<typeof sessionOf>[0], id: string) => {
    const { musicianId } = sessionOf(request);
    if (id !== musicianId) throw notFound(messages.musicianNotFound);
    return musicianId;
  };

  app.post(
    '/requests',
    {
      ...publicWrite,
      schema: {
        body: CreateRequestBody,
        response: responses({
          200: AlreadyRequested,
          201: z.union([CreatedRequest, PaidRequestCheckout]),
          // Held back by the no-repeats rule: the sentence, and songs to ask for instead.
          409: RefusedAsPlayed,
        }),
      },
    },
    async (request, reply) => {
      // "Skip the line": a Checkout page now, the request once Stripe says it is paid.
      if (request.body.paid) {
        const checkout = await payments.startPaidRequest(
          request.body,
          idempotencyKeyOf(request),
          deviceIdOf(request),
          request.ip,
        );
        return reply.code(201).send(checkout);
      }
      const created = await requests.create(
        request.body,
        idempotencyKeyOf(request),
        deviceIdOf(request),
        request.ip,
        timeZoneOf(request),
        undefined,
        { kind: 'request', payload: proofPayloadOf(request) },
      );
      // Asked again by the same person: nothing was created.
      return reply.code('already_requested' in created ? 200 : 201).send(created);
    },
  );

  // The requester's own view of their request, by the secret token the POST answered.
  app.get(
    '/request-status/:token',
    { schema: { params: StatusTokenParams, response: responses({ 200: RequestStatusView }) } },
    async (request) => {
      const { token } = request.params;
      try {
        return await requests.statusByToken(token);
      } catch (error) {
        // No request by it: maybe a paid request not filed yet (waiting for Stripe, or refused
        // and refunded). Asked only then, so each poll of a filed request reads one table.
        if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        const held = await payments.heldStatus(token);
        if (!held) throw error;
        return held;
      }
    },
  );

  app.post(
    '/requests/:id/track-click',
    {
      ...publicWrite,
      schema: {
        params: IdParams,
        body: TrackClickBody,
        response: responses({ 200: SuccessResponse }),
      },
    },
    async (request) => {
      await requests.trackClick(request.params.id, request.body);
      return { success: true, message: messages.clickTracked };
    },
  );

  app.get(
    '/requests/musician/:id',
    {
      ...queueAccess,
      schema: {
        params: IdParams,
        querystring: RequestsPageQuery,
        response: responses({ 200: RequestsResponse }),
      },
    },
    async (request) =>
      liveQueue.requestsPage(
        ownId(request, request.params.id),
        request.query,
        events.deletedRequests,
      ),
  );

  app.get(
    '/requests/grouped',
    { ...musicianOnly, schema: { response: responses({ 200: GroupedRequestsResponse }) } },
    async (request) => liveQueue.grouped(sessionOf(request).musicianId),
  );

  app.get(
    '/requests/updates/:musicianId',
    {
      ...queueAccess,
      schema: {
        params: MusicianIdParams,
        querystring: RequestsPageQuery,
        response: responses({ 200: UpdatesResponse }),
      },
    },
    async (request) => {
      const updates = await liveQueue.updates(
        ownId(request, request.params.musicianId),
        request.query,
        events.deletedRequests,
      );
      // Suggestions are the dashboard's business, not the stage's.
      return sessionOf(request).scope === 'stage' ? { ...updates, suggestions: [] } : updates;
    },
  );

  app.put(
    '/requests/:id/status',
    {
      ...queueAccess,
      schema: {
        params: IdParams,
        body: UpdateStatusBody,
        response: responses({ 200: SongRequest }),
      },
    },
    async (request) =>
      requests.updateStatus(sessionOf(request).musicianId, request.params.id, request.body.status),
  );

  // The queue's order: on the dashboard and the On Stage screen alike.
  app.put(
    '/requests/:id/position',
    {
      ...queueAccess,
      schema: {
        params: IdParams,
        body: MovePositionBody,
        response: responses({ 200: SongRequest }),
      },
    },
    async (request) =>
      requests.move(sessionOf(request).musicianId, request.params.id, request.body.after_id),
  );

  app.delete(
    '/requests/:id',
    {
      ...musicianOnly,
      schema: { params: IdParams, response: responses({ 200: SuccessResponse }) },
    },
    async (request) => {
      await requests.delete(sessionOf(request).musicianId, request.params.id);
      return { success: true, message: messages.requestDeleted };
    },
  );
};
