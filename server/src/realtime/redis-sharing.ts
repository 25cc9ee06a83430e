import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { RedisTarget } from '../config.ts';
import { localFirst } from './local-first-broadcast.ts';
import { adapterSubscriber, afterSubscriptionGap, redisClients } from './redis-clients.ts';

/**
 * What several processes share through Redis: the two clients, and Socket.IO's sharded adapter on
 * them, subscribing to a room's channel only while this process has a socket in it, and handing a
 * broadcast to this process's own sockets before it publishes it (local-first-broadcast.ts).
 * Loaded only when Redis is configured (socket-server-plugin.ts imports it then): ioredis and the
 * adapter take a tenth of a second to load, which every test file starting an app would pay.
 */
export function redisSharing(target: RedisTarget) {
  const clients = redisClients(target);
  return {
    clients,
    adapter: localFirst(
      createShardedAdapter(clients.pub, adapterSubscriber(clients.sub), {
        subscriptionMode: 'dynamic',
      }),
    ),
    /** `restored` runs when subscriptions come back after a gap (see afterSubscriptionGap). */
    afterSubscriptionGap: (restored: () => void) => afterSubscriptionGap(clients.sub, restored),
  };
}
