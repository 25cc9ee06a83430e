import { io, type Socket } from 'socket.io-client';
import { afterAll, expect } from 'vitest';
import {
  AUDIENCE_NAMESPACE,
  type AudienceClientToServerEvents,
  type AudienceServerToClientEvents,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerToClientEvents,
} from '#shared/realtime.ts';
import type { RequestStatusView } from '#shared/schemas/audience.ts';

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

export interface AudienceEvent {
  name: keyof AudienceServerToClientEvents;
  payload: unknown;
}

export interface TestAudiencePhone {
  socket: Socket<AudienceServerToClientEvents, AudienceClientToServerEvents>;
  received: AudienceEvent[];
  /** page:follow, resolving with the server's ack. */
  followPage(slug: string): Promise<boolean>;
  /** request:follow, resolving with the server's ack. */
  followRequests(tokens: string[]): Promise<RequestStatusView[]>;
  waitFor<T = unknown>(
    name: keyof AudienceServerToClientEvents,
    matches?: (payload: T) => boolean,
  ): Promise<T>;
}

/** A phone on the audience page: a real Socket.IO client of the public namespace, no sign-in. */
export async function connectAudience(url: string): Promise<TestAudiencePhone> {
  const socket: Socket<AudienceServerToClientEvents, AudienceClientToServerEvents> = io(
    `${url}${AUDIENCE_NAMESPACE}`,
    { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 200 },
  );
  open.push(socket);
  const received: AudienceEvent[] = [];
  socket.onAny((name: AudienceEvent['name'], payload: unknown) => received.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

  return {
    socket,
    received,
    followPage: (slug) => socket.timeout(5000).emitWithAck('page:follow', slug),
    followRequests: (tokens) => socket.timeout(5000).emitWithAck('request:follow', tokens),
    async waitFor<T>(name: AudienceEvent['name'], matches: (payload: T) => boolean = () => true) {
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
