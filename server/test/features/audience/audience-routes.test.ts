import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { createSong, registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

describe('GET /api/musicians/:slug', () => {
  it('shows the public profile without the email or any private field', async () => {
    const musician = await registerMusician(app, { name: 'Public Face' });
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: musician.musician.id,
      name: 'Public Face',
      slug: musician.musician.slug,
    });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('created_at');
    expect(JSON.stringify(body)).not.toContain(musician.email);
  });

  it('finds the slug whatever its case', async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 Musician not found for an unknown slug', async () => {
    for (const url of [
      '/api/musicians/no-such-musician',
      '/api/musicians/no-such-musician/songs',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.musicianNotFound });
    }
  });
});

describe('GET /api/musicians/:slug/songs', () => {
  it('lists only visible songs, most requested first, without the hidden flag', async () => {
    const musician = await registerMusician(app);
    const visible = await createSong(app, musician, { title: 'Visible' });
    const hidden = await createSong(app, musician, { title: 'Hidden' });
    await app.inject({
      method: 'PUT',
      url: `/api/songs/${hidden.id}/toggle-visibility`,
      headers: musician.auth,
    });

    const res = await app.inject({ url: `/api/musicians/${musician.musician.slug}/songs` });
    expect(res.statusCode).toBe(200);
    const { hidden: _hidden, songwriter: _songwriter, ...expected } = visible;
    expect(res.json()).toEqual([expected]);
  });
});
