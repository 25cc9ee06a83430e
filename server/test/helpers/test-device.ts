import { io, type Socket } from 'socket.io-client';
import { afterAll, expect } from 'vitest';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerToClientEvents,
} from '#shared/realtime.ts';

export interface ReceivedEvent {
  name: ServerEventName;
  payload: unknown;
}

export interface TestDevice {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  received: ReceivedEvent[];
  /** Resolves with the first event of that name matching the predicate (already received or not). */
  waitFor<T = unknown>(name: ServerEventName, matches?: (payload: T) => boolean): Promise<T>;
}

const open: Socket[] = [];
afterAll(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

/** A musician's device (laptop, tablet, phone): a real Socket.IO client that records every event. */
export async function connectDevice(url: string, token: string): Promise<TestDevice> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    auth: { token },
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
  });
  open.push(socket);
  const received: ReceivedEvent[] = [];
  socket.onAny((name: ServerEventName, payload: unknown) => received.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

  return {
    socket,
    received,
    async waitFor<T>(name: ServerEventName, matches: (payload: T) => boolean = () => true) {
      let found: T | undefined;
      await expect
        .poll(
          () => {
            const event = received.find((e) => e.name === name && matches(e.payload as T));
            found = event?.payload as T | undefined;
            return Boolean(event);
          },
          { timeout: 5000, interval: 10 },
        )
        .toBe(true);
      return found as T;
    },
  };
}

/** Connecting with this token must fail; resolves with the server's message. */
export async function refusedConnection(url: string, token: unknown): Promise<string> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  open.push(socket);
  return new Promise<string>((resolve, reject) => {
    socket.once('connect_error', (error) => resolve(error.message));
    socket.once('connect', () =>
      reject(new Error('connected with a token that should be refused')),
    );
  });
}
