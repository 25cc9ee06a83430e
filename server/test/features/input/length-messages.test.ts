import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/limits.ts';
import {
  createSong,
  registerMusician,
  suggestionPayload,
  uniqueEmail,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();
const tooLongName = 'x'.repeat(372);

/** An over-long value is not a missing one: each limit says what the limit is. */
describe('length limits have their own message', () => {
  it('a 372-character stage name on register', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: tooLongName, email: uniqueEmail(), password: 'correct horse 1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(`Name must be at most ${NAME_MAX_LENGTH} characters long.`);
    expect(res.json().detail).not.toBe(messages.nameRequired);
  });

  it('a 200-character requester name and an over-long email on a request', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const base = {
      song_id: song.id,
      requester_name: 'Alex',
      requester_email: 'alex@example.com',
      dedication: '',
      tip_amount: 0,
    };
    const longName = await app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { ...base, requester_name: 'y'.repeat(200) },
    });
    expect(longName.json().detail).toBe(
      `Requester name must be at most ${NAME_MAX_LENGTH} characters long.`,
    );
    const longEmail = await app.inject({
      method: 'POST',
      url: '/api/requests',
      payload: { ...base, requester_email: `${'a'.repeat(300)}@example.com` },
    });
    expect(longEmail.json().detail).toBe(
      `Requester email must be at most ${EMAIL_MAX_LENGTH} characters long.`,
    );
  });

  it('an over-long suggestion title', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/song-suggestions',
      payload: suggestionPayload(musician, { suggested_title: 'z'.repeat(500) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Suggested title must be at most \d+ characters long\.$/);
  });

  it('a blank value still gets the field-missing message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '   ', email: uniqueEmail(), password: 'correct horse 1' },
    });
    expect(res.json().detail).toBe(messages.nameRequired);
  });
});
