import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const update = (auth: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/profile', headers: auth, payload });

describe('GET/PUT /api/profile', () => {
  it("returns the caller's own profile with the spec defaults", async () => {
    const musician = await registerMusician(app);
    const res = await app.inject({ url: '/api/profile', headers: musician.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: musician.musician.id,
      email: musician.email,
      tips_enabled: true,
      requests_enabled: true,
      venmo_enabled: true,
      paypal_enabled: true,
      cash_app_enabled: true,
      zelle_enabled: true,
    });
  });

  it('changes only the fields sent, dropping a typed @ or $ from handles', async () => {
    const musician = await registerMusician(app);
    const res = await update(musician.auth, {
      bio: '  Piano bar classics  ',
      venmo_username: '@pianoman',
      cash_app_username: '$pianoman',
      instagram_username: 'pianoman',
      requests_enabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: musician.musician.name,
      bio: 'Piano bar classics',
      venmo_username: 'pianoman',
      cash_app_username: 'pianoman',
      instagram_username: 'pianoman',
      requests_enabled: false,
      tips_enabled: true,
    });
  });

  it('never changes the email or id through PUT /profile', async () => {
    const musician = await registerMusician(app);
    const res = await update(musician.auth, {
      email: 'hijack@example.com',
      id: 'x',
      name: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: musician.email,
      id: musician.musician.id,
      name: 'Renamed',
    });
  });

  it('requires a stage name that is not blank', async () => {
    const musician = await registerMusician(app);
    const res = await update(musician.auth, { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.nameRequired });
  });

  it('changes the slug, refusing a malformed or taken one', async () => {
    const musician = await registerMusician(app);
    const other = await registerMusician(app);

    const changed = await update(musician.auth, { slug: 'The-Piano-Man' });
    expect(changed.json().slug).toBe('the-piano-man');
    const publicPage = await app.inject({ url: '/api/musicians/the-piano-man' });
    expect(publicPage.json().id).toBe(musician.musician.id);

    const taken = await update(other.auth, { slug: 'the-piano-man' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: messages.slugTaken });

    for (const slug of ['a', 'has space', 'trailing-', 'ünicode', '--x--']) {
      const bad = await update(other.auth, { slug });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ detail: messages.slugInvalid });
    }
  });

  it('refuses wrong types with a detail', async () => {
    const musician = await registerMusician(app);
    const res = await update(musician.auth, { tips_enabled: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Tips enabled must be true or false.' });
  });
});
