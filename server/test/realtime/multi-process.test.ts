import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageChange } from '#shared/realtime.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';
import type { CreatedRequest, SongRequest } from '#shared/schemas/request.ts';
import {
  call,
  multiProcessEnabled,
  processGroup,
  registerOn,
  updatesVia,
} from '#server-test/helpers/server-processes.ts';
import { connectAudience, connectDevice } from '../helpers/test-device.ts';

// Two real server processes behind an imaginary load balancer, sharing PostgreSQL and Redis.
const post = <T>(url: string, body: object, token?: string, method = 'POST') =>
  call<T>(url, method, body, token);

interface Cluster {
  processA: string;
  processB: string;
  token: string;
  slug: string;
  musicianId: string;
  request(name: string): Promise<CreatedRequest>;
  stop(): Promise<void>;
}

async function startCluster(): Promise<Cluster> {
  const group = await processGroup();
  const processA = await group.start();
  const processB = await group.start();
  const { token, musician } = await registerOn(processA, 'Cluster');
  const song = await post<{ id: string }>(
    `${processA}/api/songs`,
    { title: 'Hallelujah', artist: 'Leonard Cohen' },
    token,
  );
  const request = (name: string) =>
    post<CreatedRequest>(`${processA}/api/requests`, {
      song_id: song.id,
      requester_name: name,
      requester_email: `fan-${randomUUID()}@example.com`,
    });
  return {
    processA,
    processB,
    token,
    slug: musician.slug,
    musicianId: musician.id,
    request,
    stop: group.stop,
  };
}

describe.runIf(multiProcessEnabled)('several server processes with Redis', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  it('delivers a request submitted to process A to a device connected to process B', async () => {
    const deviceOnB = await connectDevice(cluster.processB, cluster.token);
    const { id } = await cluster.request('Via A');
    const pushed = await deviceOnB.waitFor<SongRequest>('request:created', (r) => r.id === id);
    expect(pushed.requester_name).toBe('Via A');
  });

  it('carries the public audience namespace across processes too', async () => {
    const { processA, processB, token, slug } = cluster;
    const phoneOnB = await connectAudience(processB);
    expect(await phoneOnB.followPage(slug)).toBe(true);
    const created = await cluster.request('Follower');
    expect(await phoneOnB.followRequests([created.status_token])).toHaveLength(1);

    await post(
      `${processA}/api/requests/${created.id}/status`,
      { status: 'up_next' },
      token,
      'PUT',
    );
    await phoneOnB.waitFor<RequestStatusView>(
      'request:status',
      (s) => s.id === created.id && s.status === 'up_next',
    );
    await post(`${processA}/api/profile`, { requests_enabled: false }, token, 'PUT');
    await phoneOnB.waitFor<PageChange>(
      'page:changed',
      (c) => c.kind === 'profile' && !c.musician.requests_enabled,
    );
    // Back on for the next test.
    await post(`${processA}/api/profile`, { requests_enabled: true }, token, 'PUT');
    await post(`${processA}/api/songs`, { title: 'Jolene', artist: 'Dolly Parton' }, token);
    await phoneOnB.waitFor<PageChange>('page:changed', (c) => c.kind === 'songs');
  });

  it('tells a device polling process B of a request deleted through process A', async () => {
    const { processA, processB, token } = cluster;
    const created = await cluster.request('Soon deleted');
    const me = (await (
      await fetch(`${processB}/api/profile`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string };
    const poll = (since?: string) => updatesVia(processB, me.id, token, since);
    const first = await poll();
    const res = await fetch(`${processA}/api/requests/${created.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    // The copy reaches process B through Redis a moment later.
    await expect.poll(async () => (await poll(first.next_since)).deleted_ids).toContain(created.id);
  });

  it('a device that comes back through the other process catches up from its cursor', async () => {
    const { processA, processB, token, musicianId } = cluster;
    const updates = async (url: string, since?: string) => {
      const query = since ? `?since=${encodeURIComponent(since)}` : '';
      const res = await fetch(`${url}/api/requests/updates/${musicianId}${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()) as { next_since: string; requests: SongRequest[] };
    };
    const device = await connectDevice(processA, token);
    await cluster.request('Before the drop');
    await device.waitFor('request:created');
    const cursor = (await updates(processA)).next_since;

    // The load balancer sends the reconnect to process B this time.
    const dropped = new Promise<void>((resolve) =>
      device.socket.once('disconnect', () => resolve()),
    );
    const reconnected = new Promise<void>((resolve) =>
      device.socket.once('connect', () => resolve()),
    );
    (device.socket.io as unknown as { uri: string }).uri = processB;
    device.socket.io.engine.close();
    await dropped;
    // Another song: a request for a song already waiting would merge into that request.
    const other = await post<{ id: string }>(
      `${processA}/api/songs`,
      { title: 'While You Were Away', artist: 'Anyone' },
      token,
    );
    const missed = await post<CreatedRequest>(`${processA}/api/requests`, {
      song_id: other.id,
      requester_name: 'While away',
      requester_email: 'away@example.com',
    });

    await reconnected;
    // The sharded adapter keeps nothing for it: the device asks, as the client does on connect.
    expect(device.socket.recovered).toBeFalsy();
    const caughtUp = await updates(processB, cursor);
    expect(caughtUp.requests.map((request) => request.id)).toContain(missed.id);
  });
});
