import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { passwordResetService } from '#server/features/auth/password-reset-service.ts';
import type { PasswordResetsRepository } from '#server/features/auth/password-resets-repository.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';

/**
 * Timing must not tell which emails have accounts: the known path may not wait for anything the
 * unknown path does not do. Storing the code is held shut here; the answer must come anyway.
 */
describe('forgot password timing', () => {
  it('answers a known email without waiting for its code to be stored', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const stored: string[] = [];
    const service = passwordResetService({
      musicians: {
        findByEmail: async (email: string) =>
          email === 'known@example.com' ? { id: 'm1', email } : undefined,
      } as unknown as MusiciansRepository,
      resets: {
        forgetGuesses: async () => {},
        issue: async (musicianId: string) => {
          await gate;
          stored.push(musicianId);
          return true;
        },
      } as unknown as PasswordResetsRepository,
      mailer: { send: async () => {} },
      log: { error: () => {} } as unknown as FastifyBaseLogger,
      exposeResetCode: false,
      delivery: 'log',
    });

    const known = await service.requestCode('known@example.com', '10.0.0.1');
    const unknown = await service.requestCode('nobody@example.com', '10.0.0.1');

    expect(known).toEqual(unknown);
    expect(stored).toEqual([]);
    openGate();
    await expect.poll(() => stored).toEqual(['m1']);
  });
});
