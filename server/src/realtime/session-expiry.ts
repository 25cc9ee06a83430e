import type { Socket } from 'socket.io';

// setTimeout takes at most 2^31 - 1 ms (24.8 days); sessions last 30 days, so a longer wait is
// taken in steps.
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Disconnects the socket when the session it was opened with expires: the token is checked only
 * at the handshake, and a device left connected would otherwise hear the musician's requests for
 * as long as it stays online. The client asks about its session on a server disconnect
 * (client/src/live/live-connection.ts), so the screen signs out.
 */
export function disconnectAtExpiry(socket: Socket, expiresAt: Date): void {
  let timer: NodeJS.Timeout | undefined;
  const wait = () => {
    const left = expiresAt.getTime() - Date.now();
    if (left <= 0) return void socket.disconnect(true);
    timer = setTimeout(wait, Math.min(left, LONGEST_TIMEOUT_MS));
  };
  socket.once('disconnect', () => clearTimeout(timer));
  wait();
}
