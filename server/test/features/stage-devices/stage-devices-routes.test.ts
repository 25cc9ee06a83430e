import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { StageDeviceList, StageDeviceSession } from '#shared/schemas/stage-device.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';
import { claimCode, makePairingCode, pairStageDevice } from './pair-stage-device.ts';

const { app } = await startTestApp();

async function listDevices(auth: { authorization: string }) {
  const res = await app.inject({ method: 'GET', url: '/api/stage-devices', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<StageDeviceList>().devices;
}

describe('making a pairing code', () => {
  it('answers a short grouped code, its pairing url and when it expires', async () => {
    const musician = await registerMusician(app);
    const before = Date.now();
    const pairing = await makePairingCode(app, musician);

    expect(pairing.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(pairing.url).toBe(`http://localhost/stage/pair?code=${pairing.code.replace('-', '')}`);
    const expiresIn = Date.parse(pairing.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('stores only the hash of the code', async () => {
    const musician = await registerMusician(app);
    const pairing = await makePairingCode(app, musician);
    const [row] = await app.database.kysely
      .selectFrom('stageDevices')
      .selectAll()
      .where('id', '=', pairing.id)
      .execute();
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(pairing.code.replace('-', ''));
  });

  it('names devices "Stage device N" unless named, trimmed', async () => {
    const musician = await registerMusician(app);
    await makePairingCode(app, musician);
    await makePairingCode(app, musician, { name: '  Keys tablet  ' });
    await makePairingCode(app, musician);
    const names = (await listDevices(musician.auth)).map((device) => device.name);
    expect(names).toEqual(['Stage device 1', 'Keys tablet', 'Stage device 2']);
  });

  it('refuses a name over 60 characters and a name that is not text', async () => {
    const musician = await registerMusician(app);
    for (const name of ['x'.repeat(61), 42]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stage-devices',
        headers: musician.auth,
        payload: { name },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.stageDeviceNameTooLong });
    }
  });

  it('accepts no body at all, and refuses a body that is not an object', async () => {
    const musician = await registerMusician(app);
    const bare = await app.inject({
      method: 'POST',
      url: '/api/stage-devices',
      headers: musician.auth,
    });
    expect(bare.statusCode).toBe(201);
    for (const payload of [[1], 'text', 7]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stage-devices',
        headers: { ...musician.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail.length).toBeGreaterThan(0);
    }
  });

  it('holds at most 20 devices per musician, counting codes still waiting', async () => {
    const musician = await registerMusician(app);
    for (let i = 0; i < 20; i++) await makePairingCode(app, musician);
    const res = await app.inject({
      method: 'POST',
      url: '/api/stage-devices',
      headers: musician.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: messages.stageDevicesLimit });
    // Codes nobody claimed in time make room again.
    await app.database.kysely
      .updateTable('stageDevices')
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where('musicianId', '=', musician.musician.id)
      .execute();
    expect((await makePairingCode(app, musician)).code).toBeTruthy();
  });

  it('needs the musician to be signed in', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/stage-devices', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('claiming a pairing code', () => {
  it('numbers paired devices from 1 in the order they pair, whatever codes were made before', async () => {
    const musician = await registerMusician(app);
    // A code made and left unused (the dialog closed), then a new one the tablet types.
    const unused = await makePairingCode(app, musician);
    const typed = await makePairingCode(app, musician);
    expect((await claimCode(app, typed.code)).statusCode).toBe(200);
    const named = async () =>
      Object.fromEntries((await listDevices(musician.auth)).map((d) => [d.id, d.name]));
    expect((await named())[typed.id]).toBe('Stage device 1');

    expect((await claimCode(app, unused.code)).statusCode).toBe(200);
    expect(await named()).toEqual({ [typed.id]: 'Stage device 1', [unused.id]: 'Stage device 2' });
  });

  it('signs the device in with the musician, without their email', async () => {
    const musician = await registerMusician(app);
    const pairing = await makePairingCode(app, musician);
    const res = await claimCode(app, pairing.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const session = res.json<StageDeviceSession>();
    expect(session.token.length).toBeGreaterThan(20);
    expect(session.musician).toMatchObject({ id: musician.musician.id, email: '' });
    expect(res.body).not.toContain(musician.email);

    const [device] = await listDevices(musician.auth);
    expect(device).toMatchObject({ id: pairing.id, status: 'paired' });
    expect(device!.claimed_at).not.toBeNull();
    expect(JSON.stringify(device)).not.toMatch(/code/i);
  });

  it('accepts the code without the dash, as the QR code sends it', async () => {
    const musician = await registerMusician(app);
    const pairing = await makePairingCode(app, musician);
    const code = new URL(pairing.url).searchParams.get('code')!;
    expect((await claimCode(app, code)).statusCode).toBe(200);
  });

  it('works once: a second claim of the same code fails', async () => {
    const musician = await registerMusician(app);
    const pairing = await makePairingCode(app, musician);
    const [first, second] = await Promise.all([
      claimCode(app, pairing.code),
      claimCode(app, pairing.code),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const again = await claimCode(app, pairing.code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: messages.stagePairingCodeInvalid });
  });

  it('refuses an expired code, and no longer lists it', async () => {
    const musician = await registerMusician(app);
    const pairing = await makePairingCode(app, musician);
    await app.database.kysely
      .updateTable('stageDevices')
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', pairing.id)
      .execute();

    const res = await claimCode(app, pairing.code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.stagePairingCodeInvalid });
    expect(await listDevices(musician.auth)).toEqual([]);
  });

  it('refuses a wrong code, a blank one and one that is not text with a sentence', async () => {
    const wrong = await claimCode(app, 'ABCD-EFGH');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: messages.stagePairingCodeInvalid });
    for (const code of [' - ', 123, 'x'.repeat(500)]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stage-devices/claim',
        payload: { code },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/pairing code/);
    }
  });

  it('limits claims per IP address so codes cannot be guessed', async () => {
    const limited = await startTestApp({ rateLimit: { authPerIpPerMinute: 3 } });
    for (let i = 0; i < 3; i++) {
      expect((await claimCode(limited.app, 'AAAA-AAAA', '10.1.1.1')).statusCode).toBe(400);
    }
    const blocked = await claimCode(limited.app, 'AAAA-AAAA', '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.tooManyRequests });
    expect((await claimCode(limited.app, 'AAAA-AAAA', '10.1.1.2')).statusCode).toBe(400);
  });
});

describe('listing and removing devices', () => {
  it('lists waiting and paired devices, never a code', async () => {
    const musician = await registerMusician(app);
    const paired = await pairStageDevice(app, musician);
    const waiting = await makePairingCode(app, musician);
    const devices = await listDevices(musician.auth);
    expect(devices.map((d) => [d.id, d.status])).toEqual([
      [paired.id, 'paired'],
      [waiting.id, 'waiting'],
    ]);
    expect(JSON.stringify(devices)).not.toContain(waiting.code);
  });

  it('another musician can neither list nor remove my devices', async () => {
    const me = await registerMusician(app);
    const other = await registerMusician(app);
    const device = await pairStageDevice(app, me);

    expect(await listDevices(other.auth)).toEqual([]);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/stage-devices/${device.id}`,
      headers: other.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.stageDeviceNotFound });
    expect(await listDevices(me.auth)).toHaveLength(1);
    const still = await app.inject({ method: 'GET', url: '/api/profile', headers: device.auth });
    expect(still.statusCode).toBe(200);
  });

  it('removing a device signs it out: its token then gets 401', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/stage-devices/${device.id}`,
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.stageDeviceRemoved });
    expect(await listDevices(musician.auth)).toEqual([]);

    const after = await app.inject({ method: 'GET', url: '/api/profile', headers: device.auth });
    expect(after.statusCode).toBe(401);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/stage-devices/${device.id}`,
      headers: musician.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('shows a device signed out by a password change as signed out, not paired', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    expect((await listDevices(musician.auth))[0]?.status).toBe('paired');

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/profile/change-password',
      headers: musician.auth,
      payload: { current_password: musician.password, new_password: 'Another horse 2!' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/profile', headers: device.auth });
    expect(after.statusCode).toBe(401);
    expect(await listDevices(musician.auth)).toEqual([
      expect.objectContaining({ id: device.id, status: 'signed_out' }),
    ]);
  });

  it('shows a device that signed itself out as signed out', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: device.auth });
    expect(out.statusCode).toBe(200);
    expect((await listDevices(musician.auth))[0]?.status).toBe('signed_out');
  });

  it('refuses an id that is not one with a 400', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/stage-devices/not-an-id',
      headers: musician.auth,
    });
    expect(res.statusCode).toBe(400);
  });

  it('notes when a paired device was last seen', async () => {
    const musician = await registerMusician(app);
    const device = await pairStageDevice(app, musician);
    await app.database.kysely
      .updateTable('stageDevices')
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where('id', '=', device.id)
      .execute();
    await app.inject({ method: 'GET', url: '/api/profile', headers: device.auth });
    await expect
      .poll(async () => {
        const [listed] = await listDevices(musician.auth);
        return Date.now() - Date.parse(listed!.last_seen_at!);
      })
      .toBeLessThan(60_000);
  });
});
