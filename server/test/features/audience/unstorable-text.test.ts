import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician, suggestionPayload } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app, logs, rawLogs } = await startTestApp();

describe('a NUL byte that reaches the database', () => {
  it('is a 400 a person can act on, and leaves no failed query (with personal data) in the log', async () => {
    const musician = await registerMusician(app);
    const email = 'nul.byte.sender@example.org';
    for (const overrides of [
      { suggested_title: 'Vale\u0000rie', requester_email: email },
      { musician_slug: `${musician.musician.slug}\u0000`, requester_email: email },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/song-suggestions',
        payload: suggestionPayload(musician, overrides),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.textHasNulCharacter });
    }
    expect(logs().filter((line) => line.err)).toEqual([]);
    expect(rawLogs()).not.toContain(email);
  });
});
