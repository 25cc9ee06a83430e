import { Cluster, Redis } from 'ioredis';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { afterSubscriptionGap, SUBSCRIBERS_SETTLE_MS } from '#server/realtime/redis-clients.ts';

// Never connected (lazyConnect): the events are ioredis's own, emitted here in the order a
// failover produces them.
describe('after a gap in the subscriptions', () => {
  it('on a cluster, answers the resets after a node left once they have settled', () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const cluster = new Cluster([{ host: '127.0.0.1', port: 1 }], { lazyConnect: true });
    const restored = vi.fn();
    afterSubscriptionGap(cluster, restored);

    // A reset with no node gone (a slot migrated, a start): nothing was missed.
    cluster.emit('subscribersReady');
    vi.advanceTimersByTime(SUBSCRIBERS_SETTLE_MS);
    expect(restored).not.toHaveBeenCalled();

    // A master dies: ioredis resets its subscribers over and over until the replica is promoted.
    // The live connections close once, when the resets stop.
    cluster.emit('-node');
    for (let i = 0; i < 20; i++) {
      cluster.emit('subscribersReady');
      vi.advanceTimersByTime(20);
    }
    expect(restored).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SUBSCRIBERS_SETTLE_MS);
    expect(restored).toHaveBeenCalledTimes(1);

    // A later reset while the shard map settles (a channel subscribed before it may be lost).
    vi.advanceTimersByTime(3000);
    cluster.emit('subscribersReady');
    vi.advanceTimersByTime(SUBSCRIBERS_SETTLE_MS);
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
