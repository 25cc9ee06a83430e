import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { IdParams, SuccessResponse } from '#shared/schemas/common.ts';
import {
  ClaimStageDeviceBody,
  CreateStageDeviceBody,
  StageDeviceList,
  StageDevicePairing,
  StageDeviceSession,
} from '#shared/schemas/stage-device.ts';
import { publicUrlFor, type PublicUrlOptions } from '#server/http/public-url.ts';
import { responses } from '#server/http/responses.ts';
import { sessionOf } from '#server/http/session.ts';

/** Pairing a bandmate's tablet to the queue: made, listed and removed by the musician. */
export const stageDevicesRoutes: FastifyPluginAsyncZod<PublicUrlOptions> = async (app, options) => {
  const { stageDevices } = app.services;
  const musicianOnly = { onRequest: app.requireMusician };

  app.post(
    '/stage-devices',
    {
      ...musicianOnly,
      schema: { body: CreateStageDeviceBody, response: responses({ 201: StageDevicePairing }) },
    },
    async (request, reply) => {
      const { musicianId } = sessionOf(request);
      const pairing = await stageDevices.create(
        musicianId,
        request.body,
        publicUrlFor(request, options),
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(pairing);
    },
  );

  app.get(
    '/stage-devices',
    { ...musicianOnly, schema: { response: responses({ 200: StageDeviceList }) } },
    async (request) => ({ devices: await stageDevices.list(sessionOf(request).musicianId) }),
  );

  app.delete(
    '/stage-devices/:id',
    {
      ...musicianOnly,
      schema: { params: IdParams, response: responses({ 200: SuccessResponse }) },
    },
    async (request) => {
      await stageDevices.remove(sessionOf(request).musicianId, request.params.id);
      return { success: true, message: messages.stageDeviceRemoved };
    },
  );

  // The other device has no session yet; the per-IP limit of the sign-in routes stops guessing.
  app.post(
    '/stage-devices/claim',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { body: ClaimStageDeviceBody, response: responses({ 200: StageDeviceSession }) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stageDevices.claim(request.body.code);
    },
  );
};
