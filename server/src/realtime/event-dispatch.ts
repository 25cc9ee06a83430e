/**
 * The realtime dispatch: one entry per domain event (events/domain-events.ts), saying which
 * audiences hear it and in what form. The audiences (event-audiences.ts):
 *
 * - musicianDevices: the musician's signed-in devices, the event as published (the socket event
 *   contract of shared/src/realtime.ts); musicianDevicesAt moves them to a renamed slug first.
 * - stageDevices: paired stage devices, only what the On Stage screen shows, emails blanked.
 * - audiencePage: open public pages (/audience namespace), a `page:changed` with public fields;
 *   `queue` names nothing, the venue screen and the Queue view refetch their public answer.
 * - requester: whoever follows a request by its status token, its `request:status`.
 * - liveFeed: the raw WebSocket feeds for stream overlays, a feed message without emails.
 * - pollingDevicesElsewhere: other server processes remember a deletion for polling devices.
 *
 * Adding an event: add it to ServerToClientEvents (shared/src/realtime.ts), one entry here, and
 * one handler in the client's live wiring. The table is typed per event: an entry that forgets
 * an event, or hands an audience the wrong payload, does not compile.
 */
import type { ServerEventName } from '#shared/realtime.ts';
import type { DomainEventOf } from '../events/domain-events.ts';
import type { AudiencesOf, EventAudiences } from './event-audiences.ts';
import { toFeedRequest, toFeedShow } from './feed-messages.ts';

type EventDispatch = {
  [Name in ServerEventName]: (event: DomainEventOf<Name>, to: EventAudiences<Name>) => void;
};

export const EVENT_DISPATCH: EventDispatch = {
  'request:created': ({ payload }, to) => {
    to.musicianDevices(payload);
    to.stageDevices(payload);
    to.requester(payload);
    to.audiencePage.queueChanged();
    to.liveFeed({ type: 'request.created', data: toFeedRequest(payload) });
  },
  'request:updated': ({ payload, songStates }, to) => {
    to.musicianDevices(payload);
    to.stageDevices(payload);
    to.requester(payload);
    // Played or Up Next: the audience's song list shows it (the no-repeats rule).
    if (songStates) to.audiencePage.songsChanged();
    to.audiencePage.queueChanged();
    to.liveFeed({ type: 'request.updated', data: toFeedRequest(payload) });
  },
  'request:deleted': ({ payload, songStates }, to) => {
    to.musicianDevices(payload);
    to.stageDevices(payload);
    if (songStates) to.audiencePage.songsChanged();
    to.audiencePage.queueChanged();
    to.pollingDevicesElsewhere(payload.id);
    to.liveFeed({ type: 'request.deleted', data: { id: payload.id } });
  },
  'suggestion:created': ({ payload }, to) => to.musicianDevices(payload),
  'suggestion:updated': ({ payload }, to) => to.musicianDevices(payload),
  'suggestion:deleted': ({ payload }, to) => to.musicianDevices(payload),
  'show:updated': ({ payload }, to) => {
    to.musicianDevices(payload);
    to.stageDevices(payload);
    // A show starting or stopping starts or ends what the 'show' repeat rule holds back.
    to.audiencePage.songsChanged();
    const show = toFeedShow(payload.show);
    to.liveFeed({ type: 'show.updated', data: { active: payload.active, show } });
  },
  'show:changed': ({ payload }, to) => to.musicianDevices(payload),
  'show:deleted': ({ payload }, to) => to.musicianDevices(payload),
  'profile:updated': ({ payload, previousSlug, songStates }, to) => {
    to.musicianDevicesAt(payload.slug, payload);
    to.stageDevices(payload);
    to.audiencePage.profileChanged(payload, previousSlug);
    // The repeat rule changed: which songs are held back. Not on every change: requests going
    // off at a festival must not send every phone for its list.
    if (songStates) to.audiencePage.songsChanged();
    // The event does not say what changed: each open feed sends `requests.toggled` only when
    // requests_enabled differs from what that feed last told (features/feed/feed-hub.ts).
    const data = { requests_enabled: payload.requests_enabled };
    to.liveFeed({ type: 'requests.toggled', data });
  },
  'design:updated': ({ payload }, to) => {
    to.musicianDevices(payload);
    to.audiencePage.designChanged(payload);
  },
  'songs:changed': ({ payload }, to) => {
    to.musicianDevices(payload);
    to.audiencePage.songsChanged();
  },
  'playlists:changed': ({ payload }, to) => to.musicianDevices(payload),
};

/** Sends one published event to each audience its entry names. */
export function dispatchEvent<Name extends ServerEventName>(
  event: DomainEventOf<Name>,
  audiencesOf: AudiencesOf,
): void {
  EVENT_DISPATCH[event.name](event, audiencesOf(event));
}
