import type { IncomingMessage } from 'node:http';

/** What Engine.IO's 'connection' event hands over, as far as this module touches it. */
interface EngineSocket {
  request: IncomingMessage | null;
}

// engine.io 6.6 answers a WebSocket upgrade through a WebSocketResponse made for HTTP
// middlewares, and ties it to the TCP socket with `socket.once("close", () => this.emit("close"))`
// (node_modules/engine.io/build/server.js). That listener keeps the response, and through it the
// upgrade request with its headers and listeners, alive for the whole connection. This server
// registers no Engine.IO middleware, so nothing listens to that response's "close". (The server
// bundle strips the spaces from that source, hence the \s*.)
const RESPONSE_CLOSE_RELAY = /^\(\)\s*=>\s*this\.emit\(["']close["']\)$/;

/**
 * Lets an idle device's connection hold only what it needs: without this, each one keeps its first
 * HTTP request alive, about 3 KB (docs/benchmarks.md, Realtime: idle devices). Engine.IO keeps the request
 * as `rawSocket.request` (Socket.IO's "Memory usage" guide says to drop it) and once more through
 * the relay above. Nothing reads either after the handshake: socket.handshake holds what is needed.
 */
export function releaseUpgradeRequest(rawSocket: EngineSocket): void {
  const tcp = rawSocket.request?.socket;
  rawSocket.request = null;
  if (!tcp) return;
  for (const listener of tcp.rawListeners('close')) {
    const relay = (listener as { listener?: () => void }).listener;
    if (relay && RESPONSE_CLOSE_RELAY.test(relay.toString())) tcp.removeListener('close', relay);
  }
}
