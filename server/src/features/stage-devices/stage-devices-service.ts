import type { FastifyBaseLogger } from 'fastify';
import { SESSION_TTL_DAYS } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  STAGE_DEVICES_MAX,
  STAGE_PAIRING_CODE_TTL_MINUTES,
  normalizePairingCode,
  type CreateStageDeviceBody,
  type StageDevice,
  type StageDevicePairing,
  type StageDeviceSession,
} from '#shared/schemas/stage-device.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { hashSecret, newSessionToken } from '#server/credentials/secrets.ts';
import { toMusician } from '#server/musicians/musician-mapper.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { newPairingCode } from './pairing-code.ts';
import { toStageDevice } from './stage-device-mapper.ts';
import type { StageDevicesRepository } from './stage-devices-repository.ts';

interface Deps {
  stageDevices: StageDevicesRepository;
  musicians: MusiciansRepository;
  /** Told when a removed device's sessions end, so its live connection closes at once. */
  onSessionsRevoked?: (sessionIds: string[]) => void;
  log: FastifyBaseLogger;
}

const DEFAULT_NAME = /^Stage device (\d+)$/;
/** A fresh random code colliding with a stored one is near impossible; try again if it does. */
const CODE_ATTEMPTS = 3;

/** "Stage device N", N one more than the highest such name among `devices`. */
function defaultName(devices: readonly { name: string }[]): string {
  const numbers = devices.map((device) => Number(DEFAULT_NAME.exec(device.name)?.[1] ?? 0));
  return `Stage device ${Math.max(0, ...numbers) + 1}`;
}

/** The pairing page the QR code opens, with the code filled in. */
export function pairingUrl(publicUrl: string, code: string): string {
  const url = new URL('/stage/pair', publicUrl);
  url.searchParams.set('code', normalizePairingCode(code));
  return url.toString();
}

export function stageDevicesService({ stageDevices, musicians, onSessionsRevoked, log }: Deps) {
  async function list(musicianId: string): Promise<StageDevice[]> {
    return (await stageDevices.list(musicianId)).map(toStageDevice);
  }

  /**
   * A code's default name is provisional: codes made and never used (a dialog closed) would
   * otherwise leave the first tablet paired as "Stage device 2". Paired, it takes the number
   * after the musician's other paired devices.
   */
  async function numberByPairing(device: { id: string; musicianId: string; name: string }) {
    if (!DEFAULT_NAME.test(device.name)) return;
    const paired = (await stageDevices.list(device.musicianId)).filter(
      ({ device: other }) => other.id !== device.id && other.claimedAt !== null,
    );
    const name = defaultName(paired.map(({ device: other }) => other));
    if (name !== device.name) await stageDevices.rename(device.id, name);
  }

  return {
    list,

    /** A new waiting device and its pairing code; the code is shown this once, stored hashed. */
    async create(
      musicianId: string,
      body: CreateStageDeviceBody,
      publicUrl: string,
    ): Promise<StageDevicePairing> {
      await stageDevices.deleteExpiredWaiting(new Date(), musicianId);
      const devices = await list(musicianId);
      if (devices.length >= STAGE_DEVICES_MAX) throw conflict(messages.stageDevicesLimit);
      const name = body.name || defaultName(devices);
      const codeExpiresAt = new Date(Date.now() + STAGE_PAIRING_CODE_TTL_MINUTES * 60_000);
      for (let attempt = 1; ; attempt++) {
        const code = newPairingCode();
        try {
          const device = await stageDevices.insert({
            musicianId,
            name,
            codeHash: hashSecret(normalizePairingCode(code)),
            codeExpiresAt,
          });
          return {
            id: device.id,
            code,
            url: pairingUrl(publicUrl, code),
            expires_at: codeExpiresAt.toISOString(),
          };
        } catch (error) {
          if (isUniqueViolation(error, 'stage_devices_code_hash_key') && attempt < CODE_ATTEMPTS)
            continue;
          throw error;
        }
      }
    },

    /** Signs the device holding a valid code in with a stage session; the code is then spent. */
    async claim(code: string): Promise<StageDeviceSession> {
      const token = newSessionToken();
      const device = await stageDevices.claim(hashSecret(normalizePairingCode(code)), {
        tokenHash: hashSecret(token),
        expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 24 * 60 * 60 * 1000),
      });
      if (!device) throw badRequest(messages.stagePairingCodeInvalid);
      await numberByPairing(device);
      const musician = await musicians.findById(device.musicianId);
      // The musician deleted their account in between: the device went with it.
      if (!musician) throw badRequest(messages.stagePairingCodeInvalid);
      return { token, musician: { ...toMusician(musician), email: '' } };
    },

    /** Removes the device: its sessions end and its open connections close at once. */
    async remove(musicianId: string, id: string): Promise<void> {
      const sessionIds = await stageDevices.remove(musicianId, id);
      if (!sessionIds) throw notFound(messages.stageDeviceNotFound);
      onSessionsRevoked?.(sessionIds);
    },

    /** The device was just used (last_seen_at); never holds up or fails the request. */
    seen(id: string): void {
      stageDevices.touch(id).catch((err: unknown) => {
        log.warn({ err }, 'could not note when a stage device was last seen');
      });
    },
  };
}

export type StageDevicesService = ReturnType<typeof stageDevicesService>;
