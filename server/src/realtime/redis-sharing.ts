import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { RedisTarget } from '../config.ts';
import { adapterSubscriber, afterSubscriptionGap, redisClients } from './redis-clients.ts';

/**
 * What several processes share through Redis: the two clients, and Socket.IO's sharded adapter on
 * them, subscribing to a room's channel only while this process has a socket in it. Loaded only
 * when Redis is configured (socket-server-plugin.ts imports it then): ioredis and the adapter
 * take a tenth of a second to load, which every test file starting an app would pay.
 */
export function redisSharing(target: RedisTarget) {
  const clients = redisClients(target);
  return {
    clients,
    adapter: createShardedAdapter(clients.pub, adapterSubscriber(clients.sub), {
      subscriptionMode: 'dynamic',
    }),
    /** `restored` runs when subscriptions come back after a gap (see afterSubscriptionGap). */
    afterSubscriptionGap: (restored: () => void) => afterSubscriptionGap(clients.sub, restored),
  };
}
