import type { FastifyBaseLogger } from 'fastify';
import type { ServerEventName } from '#shared/realtime.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import type { DomainEventOf } from '../events/domain-events.ts';
import type { AudiencePushes } from './audience-pushes.ts';
import type { DevicePushes } from './device-pushes.ts';
import type { FeedPush, LiveFeedPushes } from './live-feed-pushes.ts';
import type { EventArgs } from './socket-server-types.ts';

/** Who may hear one event, each bound to its musician (and, for devices, to its name). */
export interface EventAudiences<Name extends ServerEventName> {
  /** The musician's signed-in devices (room musician:<slug>): the event as published. */
  musicianDevices(...args: EventArgs<Name>): void;
  /** The same, once the devices are in the room of this slug (a profile change may rename it). */
  musicianDevicesAt(slug: string, ...args: EventArgs<Name>): void;
  /** The paired stage devices: the same event with every email blanked. */
  stageDevices(...args: EventArgs<Name>): void;
  /** Devices polling other server processes learn that a request was deleted. */
  pollingDevicesElsewhere(requestId: string): void;
  /** Open audience pages of the musician (/audience namespace, `page:changed`). */
  audiencePage: {
    profileChanged(musician: Musician, previousSlug: string | undefined): void;
    designChanged(design: DesignSettings): void;
    songsChanged(): void;
    queueChanged(): void;
  };
  /** The requester following this request (/audience namespace, `request:status`). */
  requester(request: SongRequest): void;
  /** The musician's live feeds (raw WebSockets for stream overlays). */
  liveFeed(push: FeedPush): void;
}

interface Outlets {
  devices: DevicePushes;
  audience: AudiencePushes;
  feeds: LiveFeedPushes;
  log: FastifyBaseLogger;
}

/**
 * The audiences of one event. Each push is tried on its own: one that fails is logged and the
 * others still go, and the publishing service never fails because of a listener.
 */
export function eventAudiences({ devices, audience, feeds, log }: Outlets) {
  return <Name extends ServerEventName>(event: DomainEventOf<Name>): EventAudiences<Name> => {
    const { musicianId, name } = event;
    const attempt = (to: string, push: () => void) => {
      try {
        push();
      } catch (err) {
        log.error({ err, event: name, to }, 'could not push event');
      }
    };
    return {
      musicianDevices: (...args) =>
        attempt('musician devices', () => devices.toMusician(musicianId, name, ...args)),
      musicianDevicesAt: (slug, ...args) =>
        attempt('musician devices', () => devices.toMusicianAt(musicianId, slug, name, ...args)),
      stageDevices: (...args) =>
        attempt('stage devices', () => devices.toStage(musicianId, name, ...args)),
      pollingDevicesElsewhere: (requestId) =>
        attempt('polling devices', () => devices.deletedElsewhere(musicianId, requestId)),
      audiencePage: {
        profileChanged: (musician, previousSlug) =>
          attempt('audience page', () => audience.profileChanged(musician, previousSlug)),
        designChanged: (design) =>
          attempt('audience page', () => audience.designChanged(musicianId, design)),
        songsChanged: () => attempt('audience page', () => audience.songsChanged(musicianId)),
        queueChanged: () => attempt('audience page', () => audience.queueChanged(musicianId)),
      },
      requester: (request) => attempt('requester', () => audience.toRequester(request)),
      liveFeed: (push) => attempt('live feed', () => feeds.toFeeds(musicianId, push)),
    };
  };
}

export type AudiencesOf = ReturnType<typeof eventAudiences>;
