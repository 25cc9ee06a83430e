import { Cluster, Redis } from 'ioredis';
import type { RedisTarget } from '../config.ts';

export type RedisClient = Redis | Cluster;

export interface RedisClients {
  /** Publishes (SPUBLISH) and asks questions (PUBSUB SHARDNUMSUB). */
  pub: RedisClient;
  /** Holds the sharded subscriptions (SSUBSCRIBE); in subscriber mode it can do nothing else. */
  sub: RedisClient;
  close(): Promise<void>;
}

/**
 * On a Redis Cluster a publish to a killed master is retried until its replica is promoted
 * (about 2 s with cluster-node-timeout 1000); ioredis gives up after maxRedirections tries.
 */
const FAILOVER_RETRY_MS = 200;
const MAX_REDIRECTIONS = 64;

/**
 * The two connections of the sharded adapter (and the feeds' channels): commands wait while
 * Redis is away rather than fail (maxRetriesPerRequest: null). On a cluster the subscriber keeps
 * one connection per master (ioredis's sharded subscribers) and follows the slots when a replica
 * takes over.
 */
export function redisClients(target: RedisTarget): RedisClients {
  let pub: RedisClient;
  let sub: RedisClient;
  if ('url' in target) {
    pub = new Redis(target.url, { maxRetriesPerRequest: null });
    sub = pub.duplicate();
  } else {
    const options = {
      redisOptions: { maxRetriesPerRequest: null },
      retryDelayOnFailover: FAILOVER_RETRY_MS,
      retryDelayOnClusterDown: FAILOVER_RETRY_MS,
      maxRedirections: MAX_REDIRECTIONS,
    };
    pub = new Cluster(target.clusterNodes, options);
    sub = new Cluster(target.clusterNodes, {
      ...options,
      shardedSubscribers: true,
      // A failed SSUBSCRIBE or SUNSUBSCRIBE is not sent again (see adapterSubscriber).
      retryDelayOnFailover: 0,
      retryDelayOnClusterDown: 0,
    });
  }
  return {
    pub,
    sub,
    async close() {
      await Promise.all([closeClient(pub), closeClient(sub)]);
    },
  };
}

/** The longest a close waits for Redis to acknowledge QUIT before it drops the connection. */
const QUIT_WAIT_MS = 2000;

/**
 * QUIT when connected; else, or when Redis does not answer in time, drop the connection. A QUIT
 * sent while Redis is away waits for it to come back (commands wait: maxRetriesPerRequest null),
 * and a server stopping during a Redis outage would never finish stopping.
 */
async function closeClient(client: RedisClient): Promise<void> {
  if (client.status !== 'ready') return client.disconnect();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      client.disconnect();
      resolve();
    }, QUIT_WAIT_MS);
  });
  await Promise.race([
    client.quit().then(
      () => {},
      () => {},
    ),
    late,
  ]);
  clearTimeout(timer);
}

/**
 * The subscriber as Socket.IO's sharded adapter uses it: SSUBSCRIBE and SUNSUBSCRIBE sent and
 * their promises dropped. On a cluster those fail while a shard's master is away, and are not
 * retried: a retried command went out after the ones sent since, and a SUNSUBSCRIBE of a room
 * emptied during the failover, replayed after the SSUBSCRIBE of a device rejoining it, left the
 * room deaf (a fault suite run: a musician's devices missed every request from another process
 * until the end). Nothing needs retrying: ioredis's subscriber group keeps the channels it was
 * asked for and subscribes them again at the reset that follows any failed subscriber. So a
 * failure is only caught, which the adapter does not do (an unhandled rejection ends the process).
 */
export function adapterSubscriber(sub: RedisClient) {
  const caught = (sent: Promise<unknown>) => void sent.catch(() => {});
  return {
    ssubscribe: (...channels: string[]) => caught(sub.ssubscribe(...channels)),
    sunsubscribe: (...channels: string[]) => caught(sub.sunsubscribe(...channels)),
    // The adapter listens for the messages on the client itself.
    on: (event: string, listener: (...args: unknown[]) => void) => void sub.on(event, listener),
  };
}

/**
 * How long after a cluster node left its subscribers' resets still count as the end of a gap. The
 * shard map settles over many resets: they start at once, while the dead master still owns its
 * slots (a channel subscribed then is not heard until the next reset subscribes it again), and
 * go on until its replica is promoted, seconds later; a room first joined after that, on a shard
 * not yet followed, resets them again.
 */
const CLUSTER_GAP_SETTLES_MS = 30_000;

/**
 * How long a cluster's subscribers must stay as they are before a gap counts as over. While a
 * master is away ioredis resets them every few milliseconds (a fault suite run: about 150 resets
 * in 2.5 s); closing every live connection at each would have each device reconnect many times.
 */
export const SUBSCRIBERS_SETTLE_MS = 500;

/**
 * Calls back once the subscriber's subscriptions are restored after they were interrupted (the
 * Redis connection dropped, or a cluster master died and its replica took over): messages
 * published in between reached no one here, and a subscription made in between may not hold.
 * On a cluster, a reset of the subscribers within CLUSTER_GAP_SETTLES_MS of a node leaving calls
 * back once no other reset has followed it for SUBSCRIBERS_SETTLE_MS.
 */
export function afterSubscriptionGap(sub: RedisClient, restored: () => void): void {
  if (sub instanceof Cluster) {
    let nodeLeftAt = -Infinity;
    let settling: ReturnType<typeof setTimeout> | undefined;
    sub.on('-node', () => (nodeLeftAt = performance.now()));
    sub.on('subscribersReady', () => {
      if (performance.now() - nodeLeftAt >= CLUSTER_GAP_SETTLES_MS) return;
      clearTimeout(settling);
      settling = setTimeout(restored, SUBSCRIBERS_SETTLE_MS).unref();
    });
    return;
  }
  let interrupted = false;
  sub.on('close', () => (interrupted = true));
  // ioredis subscribes again as it reports ready, long before a device reconnects.
  sub.on('ready', () => {
    if (interrupted) restored();
    interrupted = false;
  });
}
