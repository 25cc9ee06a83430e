import { Cluster, Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { afterSubscriptionGap } from '#server/realtime/redis-clients.ts';

// Never connected (lazyConnect): the events are ioredis's own, emitted here in the order a
// failover produces them.
describe('after a gap in the subscriptions', () => {
  it("on a cluster, answers every reset while the shard map settles, not a quiet one's", () => {
    const cluster = new Cluster([{ host: '127.0.0.1', port: 1 }], { lazyConnect: true });
    const restored = vi.fn();
    afterSubscriptionGap(cluster, restored);

    // A reset with no node gone (a slot migrated, a start): nothing was missed.
    cluster.emit('subscribersReady');
    expect(restored).not.toHaveBeenCalled();

    // A master dies: one reset at once, while it still owns its slots (a channel subscribed now
    // is lost), and another when its replica is promoted. Each must close the live connections.
    cluster.emit('-node');
    cluster.emit('subscribersReady');
    cluster.emit('subscribersReady');
    expect(restored).toHaveBeenCalledTimes(2);
  });

  it('on one Redis, answers the ready that follows a closed connection, once', () => {
    const redis = new Redis({ port: 1, lazyConnect: true });
    const restored = vi.fn();
    afterSubscriptionGap(redis, restored);
    redis.emit('ready');
    expect(restored).not.toHaveBeenCalled();
    redis.emit('close');
    redis.emit('ready');
    redis.emit('ready');
    expect(restored).toHaveBeenCalledTimes(1);
  });
});
