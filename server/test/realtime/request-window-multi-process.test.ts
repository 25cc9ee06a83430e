import { afterAll, describe, expect, it } from 'vitest';
import type { Musician, PublicMusician } from '#shared/schemas/musician.ts';
import {
  call,
  multiProcessEnabled,
  processGroup,
  registerOn,
  type ProcessGroup,
} from '#server-test/helpers/server-processes.ts';
import { connectDevice } from '../helpers/test-device.ts';

// Two real server processes sharing PostgreSQL and Redis, both waiting for the same close time.
// Both look at the stored times every 200 ms: both reach for the close as it passes.
const RECHECK = { REQUEST_WINDOW_RECHECK_MS: '200' };

let group: ProcessGroup | undefined;
afterAll(() => group?.stop());

describe.runIf(multiProcessEnabled)('a request window closing with two processes', () => {
  it('switches requests off at the close, announced once to every device', async () => {
    group = await processGroup();
    const processA = await group.start(RECHECK);
    const { token, musician } = await registerOn(processA, 'Window');
    const processB = await group.start(RECHECK);
    const deviceOnA = await connectDevice(processA, token);
    const deviceOnB = await connectDevice(processB, token);
    const closeAt = new Date(Date.now() + 1500).toISOString();
    await call(`${processA}/api/profile`, 'PUT', { requests_close_at: closeAt }, token);

    const closed = (m: Musician) => m.requests_close_at !== null && !m.requests_enabled;
    await deviceOnA.waitFor<Musician>('profile:updated', closed);
    await deviceOnB.waitFor<Musician>('profile:updated', closed);
    const pub = await fetch(`${processB}/api/musicians/${musician.slug}`);
    expect(((await pub.json()) as PublicMusician).requests_enabled).toBe(false);

    // A change after the close: once both devices hear it, a second announcement of the close
    // (published at the close, before this) would have arrived too.
    await call(`${processA}/api/profile`, 'PUT', { bio: 'after the close' }, token);
    for (const device of [deviceOnA, deviceOnB]) {
      await device.waitFor<Musician>('profile:updated', (m) => m.bio === 'after the close');
      const closes = device.received.filter(
        (e) => e.name === 'profile:updated' && closed(e.payload as Musician),
      );
      expect(closes.filter((e) => (e.payload as Musician).bio === '')).toHaveLength(1);
    }
  }, 120_000);
});
