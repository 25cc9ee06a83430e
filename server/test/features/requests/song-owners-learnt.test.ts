import { describe, expect, it } from 'vitest';
import type { CreateRequestData } from '#shared/schemas/request.ts';
import { loadConfig } from '#server/config.ts';
import { derivedKeys } from '#server/db/derived-keys.ts';
import { domainEvents } from '#server/events/domain-events.ts';
import { requestQueueRepository } from '#server/features/requests/request-queue-repository.ts';
import { requestsRepository } from '#server/features/requests/requests-repository.ts';
import { requestsService } from '#server/features/requests/requests-service.ts';
import { createSong, registerMusician, submitSuggestion } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// The first request for a song asks the database for its musician unless the process already
// knows: songs added while it runs are learnt from the songs:changed event that announces them.

const { app } = await startTestApp();

/** Every songs:changed this process publishes, as the requests service hears them. */
const added: Array<readonly string[] | undefined> = [];
app.services.events.onEvent((event) => {
  if (event.name === 'songs:changed') added.push(event.songsAdded);
});

const request = (songId: string): CreateRequestData => ({
  song_id: songId,
  requester_name: 'Pat',
  requester_email: 'pat@example.com',
  dedication: '',
  tip_amount: 0,
});

describe('songs added while the server runs', () => {
  it('are announced with their ids, by one song added and by an import', async () => {
    const musician = await registerMusician(app);
    added.length = 0;
    const song = await createSong(app, musician, { title: 'Wonderwall', artist: 'Oasis' });
    const pack = await app.inject({
      method: 'POST',
      url: '/api/songs/starter-pack',
      headers: musician.auth,
    });
    const list = await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs` });
    const ids = list.json<Array<{ id: string }>>().map((each) => each.id);

    expect(added[0]).toEqual([song.id]);
    expect(added[1]).toHaveLength(pack.json<{ songs_added: number }>().songs_added);
    expect(new Set([...added[0]!, ...added[1]!])).toEqual(new Set(ids));
  });

  it('are announced with their id when a suggestion is approved, and not when it was had', async () => {
    const musician = await registerMusician(app);
    const suggest = async (title: string) =>
      (await submitSuggestion(app, musician, { suggested_title: title })).id;
    const approve = async (id: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/song-suggestions/${id}/status`,
        headers: musician.auth,
        payload: { status: 'added' },
      });
      expect(res.statusCode).toBe(200);
    };
    const rehab = await suggest('Rehab');
    const valerie = await suggest('Valerie');
    added.length = 0;
    await approve(rehab);
    // Added by hand before it was approved: the approval adds nothing.
    const byHand = await createSong(app, musician, { title: 'Valerie', artist: 'Amy Winehouse' });
    await approve(valerie);
    const list = await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs` });
    const rehabSong = list
      .json<Array<{ id: string; title: string }>>()
      .find((song) => song.title === 'Rehab');
    expect(added).toEqual([[rehabSong!.id], [byHand.id], undefined]);
  });

  it('are filed by their first request without a lookup of their musician', async () => {
    const musician = await registerMusician(app);
    const { service, lookedUp } = requestsServiceCounting();
    const song = await createSong(app, musician, { title: 'Creep', artist: 'Radiohead' });
    // Heard by the app's own services; this one hears it here, as it would in the app.
    service.events.publish({
      musicianId: musician.musician.id,
      name: 'songs:changed',
      payload: {},
      songsAdded: [song.id],
    });

    const answer = await service.requests.create(request(song.id), null);
    expect(answer).toMatchObject({ song_title: 'Creep', status: 'pending' });
    expect(lookedUp).toEqual([]);
  });

  it('are looked up on their first request when no event named them (another process)', async () => {
    const musician = await registerMusician(app);
    const { service, lookedUp } = requestsServiceCounting();
    const song = await createSong(app, musician, { title: 'Yellow', artist: 'Coldplay' });

    await service.requests.create(request(song.id), null);
    await service.requests.create(
      { ...request(song.id), requester_email: 'sam@example.com' },
      null,
    );
    expect(lookedUp).toEqual([song.id]);
  });
});

/** A requests service of its own on the app's database, noting each song it looks up. */
function requestsServiceCounting() {
  const { kysely } = app.database;
  const repository = requestsRepository(kysely);
  const lookedUp: string[] = [];
  const events = domainEvents();
  const requests = requestsService({
    requests: {
      ...repository,
      songsOfOwnerOf: (songId) => {
        lookedUp.push(songId);
        return repository.songsOfOwnerOf(songId);
      },
    },
    queue: requestQueueRepository(kysely),
    events,
    keys: derivedKeys(app.database.kysely),
    limits: loadConfig({}).limits,
  });
  return { service: { requests, events }, lookedUp };
}
