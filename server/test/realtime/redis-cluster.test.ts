import { randomUUID } from 'node:crypto';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { CreatedFeedToken } from '#shared/schemas/feed.ts';
import { FEED_CLOSE } from '#shared/schemas/feed.ts';
import type { CreatedRequest, SongRequest } from '#shared/schemas/request.ts';
import { adapterSubscriber, redisClients } from '#server/realtime/redis-clients.ts';
import { startRedisCluster, type RedisCluster } from '#scripts/lib/redis-cluster.ts';
import {
  call,
  multiProcessEnabled,
  processGroup,
  registerOn,
  type ProcessGroup,
  updatesVia,
} from '#server-test/helpers/server-processes.ts';
import { connectFeed } from '#server-test/features/feed/feed-client.ts';
import { connectDevice } from '../helpers/test-device.ts';
import { has } from '#server-test/helpers/requirements.ts';

// Two real server processes on a real Redis Cluster (3 masters, 3 replicas) this file starts
// itself, with REDIS_CLUSTER_NODES in place of REDIS_URL. They spawn their own databases, so
// this runs once (in the SQLite project), not again on PostgreSQL.
const enabled = multiProcessEnabled && has.redisServer && process.env.TEST_DB !== 'postgres';

describe.runIf(enabled)('two server processes on a Redis Cluster', () => {
  let cluster: RedisCluster | undefined;
  let group: ProcessGroup | undefined;
  let processA: string;
  let processB: string;
  let token: string;
  let musicianId: string;

  /** A request for a new song each time (one for a song already waiting would merge into it). */
  const request = async (url: string, name: string) => {
    const song = await call<{ id: string }>(
      `${url}/api/songs`,
      'POST',
      { title: `Song for ${name}`, artist: 'Anyone' },
      token,
    );
    return call<CreatedRequest>(`${url}/api/requests`, 'POST', {
      song_id: song.id,
      requester_name: name,
      requester_email: `fan-${randomUUID()}@example.com`,
    });
  };

  beforeAll(async () => {
    cluster = await startRedisCluster();
    group = await processGroup();
    const env = { REDIS_URL: '', REDIS_CLUSTER_NODES: cluster.nodes };
    processA = await group.start(env);
    processB = await group.start(env);
    const registered = await registerOn(processA, 'Sharded');
    token = registered.token;
    musicianId = registered.musician.id;
  }, 60_000);
  afterAll(async () => {
    await group?.stop();
    await cluster?.stop();
  });

  it('delivers a request submitted on process B to a device connected to process A', async () => {
    const deviceOnA = await connectDevice(processA, token);
    const { id } = await request(processB, 'Via B');
    const pushed = await deviceOnA.waitFor<SongRequest>('request:created', (r) => r.id === id);
    expect(pushed.requester_name).toBe('Via B');
  });

  it('tells process B of a deletion on process A (a server-side message)', async () => {
    const created = await request(processA, 'Soon deleted');
    const poll = (since?: string) => updatesVia(processB, musicianId, token, since);
    const first = await poll();
    const res = await fetch(`${processA}/api/requests/${created.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await poll(first.next_since)).deleted_ids).toContain(created.id);
  });

  it('keeps delivering to process B after the slug changes on process A', async () => {
    const deviceOnB = await connectDevice(processB, token);
    const slug = `sharded-${randomUUID().slice(0, 8)}`;
    await call(`${processA}/api/profile`, 'PUT', { slug }, token);
    await deviceOnB.waitFor<{ slug: string }>('profile:updated', (m) => m.slug === slug);
    const { id } = await request(processA, 'After the rename');
    await deviceOnB.waitFor<SongRequest>('request:created', (r) => r.id === id);
  });

  it('relays feed messages and revocations between the processes', async () => {
    const feedToken = await call<CreatedFeedToken>(
      `${processA}/api/feed-tokens`,
      'POST',
      {},
      token,
    );
    const feedOnB = connectFeed(processB, { token: feedToken.token });
    await feedOnB.waitFor('hello');
    const { id } = await request(processA, 'For the overlay');
    await feedOnB.waitFor('request.created', (m) => m.data.id === id);

    const res = await fetch(`${processA}/api/feed-tokens/${feedToken.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect((await feedOnB.closed).code).toBe(FEED_CLOSE.tokenRefused);
  });

  it('closes the sockets of a session on process B when it logs out on process A', async () => {
    const leaving = await registerOn(processA, 'Leaving');
    const deviceOnB = await connectDevice(processB, leaving.token);
    const disconnected = new Promise<string>((resolve) =>
      deviceOnB.socket.once('disconnect', resolve),
    );
    const res = await fetch(`${processA}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leaving.token}` },
    });
    expect(res.ok).toBe(true);
    expect(await disconnected).toBe('io server disconnect');
  });

  // Last: it kills a master of the cluster the two processes use.
  it('still hears a room left as its master died and joined again once the replica took over', async () => {
    const clients = redisClients({
      clusterNodes: cluster!.ports.map((port) => ({ host: '127.0.0.1', port })),
    });
    onTestFinished(() => clients.close());
    const sub = clients.sub as Cluster;
    const subscriber = adapterSubscriber(sub);
    const heard = new Set<string>();
    sub.on('smessage', (_channel: string, message: string) => heard.add(message));
    const hears = (channel: string, message: string) =>
      expect
        .poll(
          async () => {
            await clients.pub.spublish(channel, message);
            return heard.has(message);
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(true);

    // Two channels of one slot (a hash tag): one stays subscribed throughout, as the adapter's own
    // channels do, so the subscribers keep trying the dead master until the replica takes over.
    const tag = randomUUID();
    const kept = `socket.io#/#{${tag}}#`;
    const channel = `socket.io#/#{${tag}}musician#`;
    subscriber.ssubscribe(kept);
    subscriber.ssubscribe(channel);
    await hears(channel, 'before');
    const slot = Number(await clients.pub.cluster('KEYSLOT', channel));
    const owner = sub.slots[slot]![0]!;
    expect(cluster!.nodes.split(',')).toContain(owner);

    // The room empties as its master dies (the SUNSUBSCRIBE fails), and a device joins it again
    // at the first reset of the subscribers on the promoted replica.
    const rejoined = new Promise<void>((resolve) => {
      const rejoin = () => {
        if (sub.slots[slot]?.[0] === owner) return;
        sub.off('subscribersReady', rejoin);
        subscriber.ssubscribe(channel);
        resolve();
      };
      sub.on('subscribersReady', rejoin);
    });
    await cluster!.killMaster(Number(owner.split(':')[1]));
    subscriber.sunsubscribe(channel);
    await rejoined;
    await cluster!.waitHealthy();
    // A SUNSUBSCRIBE retried every 200 ms would have landed after the SSUBSCRIBE by now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await hears(channel, 'after');
    await hears(kept, 'kept');
  }, 60_000);
});
