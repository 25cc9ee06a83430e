import type { IncomingMessage } from 'node:http';
import type { Namespace, Socket } from 'socket.io';
import { messages } from '#shared/messages.ts';
import type { SocketLimits } from '../config.ts';
import { clientAddress, type ProxyTrust } from '../http/client-address.ts';

/** What Engine.IO's 'connection' event hands over, as far as this module touches it. */
interface EngineSocket {
  request: IncomingMessage | null;
  readonly remoteAddress: string;
}

/**
 * A token bucket: `burst` emits at once, refilled at `perSecond`. Returns whether one more emit
 * fits. Two numbers a socket: idle devices are the server's largest population.
 */
function emitAllowance(burst: number, perSecond: number): () => boolean {
  let tokens = burst;
  let at = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * The limits every live connection is held to, in this process (each process of a cluster
 * counts its own). Sockets per client address, every namespace together: a stranger cannot hold
 * thousands of sockets, and a venue behind one address still fits (the default is 500). Emits
 * per socket: a page emits a few times when it opens and once a request, so a socket past its
 * allowance is flooding, and is disconnected before its emit does any work.
 */
export function socketLimits(limits: SocketLimits, trust: ProxyTrust | false) {
  const counts = new Map<string, number>();
  const full = (address: string) => (counts.get(address) ?? 0) >= limits.connectionsPerAddress;

  function release(address: string) {
    const left = (counts.get(address) ?? 1) - 1;
    if (left > 0) counts.set(address, left);
    else counts.delete(address);
  }

  return {
    /** Engine.IO's allowRequest: a handshake from an address already at the limit is refused. */
    allowRequest(request: IncomingMessage, answer: (err: string | null, ok: boolean) => void) {
      const address = clientAddress(request, trust);
      if (full(address)) answer(messages.socketConnectionsExceeded, false);
      else answer(null, true);
    },

    /**
     * On Engine.IO's 'connection', while its request is still held: the connection's address
     * becomes the client's, as the HTTP routes see it (behind the balancer, the peer is the
     * balancer). socket.handshake.address reads it.
     */
    rememberAddress(rawSocket: EngineSocket) {
      if (!rawSocket.request) return;
      (rawSocket as { remoteAddress: string }).remoteAddress = clientAddress(
        rawSocket.request,
        trust,
      );
    },

    /** Holds a namespace to the limits: its first middleware, and the first 'connection' listener. */
    guard(nsp: Namespace) {
      nsp.use((socket, next) => {
        // Refused before any later middleware looks a token up.
        if (full(socket.handshake.address)) next(new Error(messages.socketConnectionsExceeded));
        else next();
      });
      nsp.on('connection', (socket: Socket) => {
        const address = socket.handshake.address;
        // Middlewares of several handshakes may have run at once: counted here, where none waits.
        if (full(address)) return void socket.disconnect(true);
        counts.set(address, (counts.get(address) ?? 0) + 1);
        socket.once('disconnect', () => release(address));
        const allowed = emitAllowance(limits.emitBurst, limits.emitsPerSecond);
        socket.use((_packet, next) => {
          if (allowed()) next();
          else socket.disconnect(true);
        });
      });
    },
  };
}
