/**
 * A lone UTF-16 surrogate (a JSON "\ud800" with no pair) cannot be stored as UTF-8: the database
 * driver writes U+FFFD instead. Rules that compare text must see the text that is stored.
 */
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

describe('text with a lone surrogate', () => {
  it('is stored and compared as U+FFFD, so the duplicate-song rule holds', async () => {
    const musician = await registerMusician(app);
    const addSong = (title: string) =>
      app.inject({
        method: 'POST',
        url: '/api/songs',
        headers: { ...musician.auth, 'content-type': 'application/json' },
        // Written by hand: JSON.stringify would escape nothing here, and the point is the escape.
        payload: `{"title":"${title}","artist":"Surrogate"}`,
      });

    const first = await addSong('Dup\\ud800');
    expect(first.statusCode).toBe(201);
    expect(first.json().title).toBe('Dup\ufffd');

    for (const title of ['Dup\\ud800', 'Dup\\udfff', 'Dup\\ufffd']) {
      const again = await addSong(title);
      expect(again.statusCode, title).toBe(409);
      expect(again.json()).toEqual({
        detail: fill(messages.songDuplicate, { title: 'Dup\ufffd', artist: 'Surrogate' }),
      });
    }
  });

  it('keeps a well-formed pair (an emoji) as it is', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: { ...musician.auth, 'content-type': 'application/json' },
      payload: '{"title":"Fire \\ud83d\\udd25","artist":"Pair"}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Fire 🔥');
  });
});
