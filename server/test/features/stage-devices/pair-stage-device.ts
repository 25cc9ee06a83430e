import type { FastifyInstance } from 'fastify';
import type { StageDevicePairing, StageDeviceSession } from '#shared/schemas/stage-device.ts';
import type { TestMusician } from '#server-test/helpers/factories.ts';

export interface PairedStageDevice extends StageDeviceSession {
  id: string;
  auth: { authorization: string };
}

/** The musician makes a pairing code on the dashboard. */
export async function makePairingCode(
  app: FastifyInstance,
  musician: TestMusician,
  body: Record<string, unknown> = {},
): Promise<StageDevicePairing> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/stage-devices',
    headers: musician.auth,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`pairing code failed: ${res.statusCode} ${res.body}`);
  return res.json<StageDevicePairing>();
}

export function claimCode(app: FastifyInstance, code: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/stage-devices/claim',
    payload: { code },
    remoteAddress,
  });
}

/** A bandmate's tablet paired to the musician: code made, then claimed. */
export async function pairStageDevice(
  app: FastifyInstance,
  musician: TestMusician,
): Promise<PairedStageDevice> {
  const pairing = await makePairingCode(app, musician);
  const res = await claimCode(app, pairing.code);
  if (res.statusCode !== 200) throw new Error(`claim failed: ${res.statusCode} ${res.body}`);
  const session = res.json<StageDeviceSession>();
  return { ...session, id: pairing.id, auth: { authorization: `Bearer ${session.token}` } };
}
