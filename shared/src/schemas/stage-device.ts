import { z } from 'zod';
import { PAIRING_CODE_INPUT_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';
import { Musician } from './musician.ts';

/** How long a pairing code can be claimed, and the longest device name. */
export const STAGE_PAIRING_CODE_TTL_MINUTES = 10;
export const STAGE_DEVICE_NAME_MAX_LENGTH = 60;
/** Waiting and paired devices one musician may hold at once (codes cannot be piled up). */
export const STAGE_DEVICES_MAX = 20;

// No 0/O, 1/I/L: the code is read off a screen and typed on another device.
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;

/** A typed code as the server stores it: upper case, without the dash or spaces people add. */
export function normalizePairingCode(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** ABCDEFGH shown as ABCD-EFGH, easier to read out and type. */
export function groupPairingCode(code: string): string {
  const plain = normalizePairingCode(code);
  return plain.length > 4 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

/** POST /stage-devices: an optional name; blank means "Stage device N". */
export const CreateStageDeviceBody = z
  .object({
    name: z
      .string({ error: messages.stageDeviceNameTooLong })
      .trim()
      .max(STAGE_DEVICE_NAME_MAX_LENGTH, messages.stageDeviceNameTooLong)
      .optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type CreateStageDeviceBody = z.infer<typeof CreateStageDeviceBody>;

/** The one answer that carries the code: shown once on the dashboard, never listed again. */
export const StageDevicePairing = z.object({
  id: z.string(),
  /** Grouped for reading, e.g. ABCD-EFGH (the claim accepts it with or without the dash). */
  code: z.string(),
  /** Opens the pairing page with the code filled in: what the QR code holds. */
  url: z.string(),
  expires_at: z.string(),
});
export type StageDevicePairing = z.infer<typeof StageDevicePairing>;

export const StageDevice = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  claimed_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** When the pairing code stops working (meaningful while waiting). */
  expires_at: z.string(),
  /**
   * waiting: its code is not claimed yet; paired: signed in on the device; signed_out: was paired,
   * but its session ended (a password change signs every stage device out) and it needs a new code.
   */
  status: z.enum(['waiting', 'paired', 'signed_out']),
});
export type StageDevice = z.infer<typeof StageDevice>;

export const StageDeviceList = z.object({ devices: z.array(StageDevice) });
export type StageDeviceList = z.infer<typeof StageDeviceList>;

export const ClaimStageDeviceBody = z.object({
  code: z
    .string({ error: messages.stagePairingCodeRequired })
    .max(PAIRING_CODE_INPUT_MAX_LENGTH, messages.stagePairingCodeInvalid)
    .transform(normalizePairingCode)
    .refine((code) => code.length > 0, messages.stagePairingCodeRequired),
});
export type ClaimStageDeviceBody = z.infer<typeof ClaimStageDeviceBody>;

/** The stage session: the musician's profile without their email. */
export const StageDeviceSession = z.object({ token: z.string(), musician: Musician });
export type StageDeviceSession = z.infer<typeof StageDeviceSession>;
