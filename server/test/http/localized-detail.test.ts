import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceMessagesDe } from '#shared/i18n/audience-messages-de.ts';
import { audienceMessagesEs } from '#shared/i18n/audience-messages-es.ts';
import { audienceMessagesFr } from '#shared/i18n/audience-messages-fr.ts';
import { audienceMessagesPt } from '#shared/i18n/audience-messages-pt.ts';
import { messages } from '#shared/messages.ts';
import { loadConfig } from '#server/config.ts';
import { floodError, limitError } from '#server/submissions/submission-limit.ts';
import { badRequest } from '#server/http/errors.ts';
import { LocalizableHttpError, localizedDetail, wordedIn } from '#server/http/localized-detail.ts';
import {
  createSong,
  hideSong,
  paymentApps,
  postTip,
  registerMusician,
  suggestionPayload,
  updateProfile,
} from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

describe('a detail in the audience’s language', () => {
  it('is the English sentence itself for English', () => {
    const error = limitError('request', { count: 3, retryAfterSeconds: 360 }, 10);
    expect(localizedDetail(error, error.message, 'en')).toBe(
      'You have requested 3 songs in the last 10 minutes. Try again in 6 minutes.',
    );
  });

  it('words every limit sentence in English exactly as the server always has', () => {
    // The English catalog rebuilds each sentence from its parts: the same words, for any count.
    fc.assert(
      fc.property(
        fc.constantFrom('request' as const, 'suggestion' as const, 'tip' as const),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.integer({ min: 1, max: 86_400 }),
        (kind, count, windowMinutes, retryAfterSeconds) => {
          const error = limitError(kind, { count, retryAfterSeconds }, windowMinutes);
          expect(error).toBeInstanceOf(LocalizableHttpError);
          const parts = (error as LocalizableHttpError).localizable;
          expect(wordedIn('en', parts)).toBe(error.message);
          const flood = floodError(retryAfterSeconds) as LocalizableHttpError;
          expect(wordedIn('en', flood.localizable)).toBe(flood.message);
        },
      ),
    );
  });

  it('builds a limit sentence from its parts in the reader’s grammar', () => {
    const error = limitError('tip', { count: 1, retryAfterSeconds: 7200 }, 60);
    expect(localizedDetail(error, error.message, 'de')).toBe(
      'Du hast in der letzten Stunde 1 Trinkgeld gesendet. Versuche es in 2 Stunden wieder.',
    );
    expect(localizedDetail(error, error.message, 'fr')).toBe(
      'Vous avez envoyé 1 pourboire au cours de la dernière heure. Réessayez dans 2 heures.',
    );
    const flood = floodError(30);
    expect(localizedDetail(flood, flood.message, 'pt')).toBe(
      'Muita gente está escrevendo para este artista agora. Tente novamente em 1 minuto.',
    );
  });

  it('translates a sentence of messages.ts by its words, and a payment app’s sentence by its shape', () => {
    const plain = badRequest(messages.tipNoPaymentMethods);
    expect(localizedDetail(plain, plain.message, 'es')).toBe(
      audienceMessagesEs.tipNoPaymentMethods,
    );
    const provider = badRequest('Cash App is not set up for this musician');
    expect(localizedDetail(provider, provider.message, 'fr')).toBe(
      'Cash App n’est pas configuré pour cet artiste',
    );
  });

  it('leaves a sentence no catalog holds in English', () => {
    const detail = 'Requester name must be at most 100 characters long.';
    expect(localizedDetail(badRequest(detail), detail, 'de')).toBe(detail);
  });
});

describe('the audience routes', async () => {
  const { app } = await startTestApp({ limits: loadConfig({}).limits });

  const postRequest = (payload: Record<string, unknown>, language?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: language ? { 'accept-language': language } : {},
      payload,
    });

  it('answer a refused request in the language the page asks for', async () => {
    const musician = await registerMusician(app);
    const song = await createSong(app, musician);
    const nameless = { song_id: song.id, requester_name: ' ', requester_email: 'a@example.com' };

    expect((await postRequest(nameless, 'es-ES,es;q=0.9')).json()).toEqual({
      detail: audienceMessagesEs.requestNameEmailRequired,
    });
    expect((await postRequest(nameless, 'it, de;q=0.5')).json()).toEqual({
      detail: audienceMessagesDe.requestNameEmailRequired,
    });
    // No language the page speaks, or none at all: the spec's English.
    for (const language of ['ja', '', undefined]) {
      expect((await postRequest(nameless, language)).json()).toEqual({
        detail: messages.requestNameEmailRequired,
      });
    }

    await hideSong(app, musician, song);
    const hidden = await postRequest(
      { song_id: song.id, requester_name: 'Léa', requester_email: 'lea@example.com' },
      'fr',
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: audienceMessagesFr.requestSongUnavailable });
  });

  it('word the request limit in Spanish, and the same limit in English without the header', async () => {
    const musician = await registerMusician(app);
    const songs = [];
    for (let i = 0; i < 4; i++) songs.push(await createSong(app, musician, { title: `Song ${i}` }));
    const ask = (songId: string, language?: string) =>
      postRequest(
        { song_id: songId, requester_name: 'Ana', requester_email: 'ana@example.com' },
        language,
      );
    for (const song of songs.slice(0, 3)) expect((await ask(song.id, 'es')).statusCode).toBe(201);

    const refused = await ask(songs[3]!.id, 'es');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'Has pedido 3 canciones en los últimos 10 minutos. Vuelve a intentarlo en 10 minutos.',
    });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask(songs[3]!.id)).json()).toEqual({
      detail: 'You have requested 3 songs in the last 10 minutes. Try again in 10 minutes.',
    });
  });

  it('word suggestions and tips in the reader’s language', async () => {
    const musician = await registerMusician(app);
    await updateProfile(app, musician, paymentApps({ venmo_username: '' }));
    const tip = await postTip(app, musician, {}, { 'accept-language': 'pt-BR' });
    expect(tip.statusCode).toBe(400);
    expect(tip.json()).toEqual({ detail: 'Venmo não está configurado para este artista' });

    const suggestion = await app.inject({
      method: 'POST',
      url: '/api/song-suggestions',
      headers: { 'accept-language': 'de-CH' },
      payload: suggestionPayload(musician, { requester_email: 'not an email' }),
    });
    expect(suggestion.statusCode).toBe(400);
    expect(suggestion.json()).toEqual({ detail: audienceMessagesDe.emailInvalid });

    const links = await app.inject({
      method: 'GET',
      url: `/api/musicians/${musician.musician.slug}/tip-links?amount=0`,
      headers: { 'accept-language': 'fr' },
    });
    expect(links.statusCode).toBe(400);
    expect(links.json()).toEqual({ detail: audienceMessagesFr.tipAmountInvalid });
    expect(audienceMessagesPt.tipAmountInvalid).not.toBe(messages.tipAmountInvalid);
  });

  it('leave the musician’s own routes in English, whatever their browser prefers', async () => {
    const songs = await app.inject({
      method: 'GET',
      url: '/api/songs',
      headers: { 'accept-language': 'es' },
    });
    expect(songs.statusCode).toBe(401);
    expect(songs.json()).toEqual({ detail: messages.loginRequired });

    const musician = await registerMusician(app);
    const badSong = await app.inject({
      method: 'POST',
      url: '/api/songs',
      headers: { ...musician.auth, 'accept-language': 'de' },
      payload: { title: '', artist: 'Oasis' },
    });
    expect(badSong.statusCode).toBe(400);
    expect(badSong.json()).toEqual({ detail: messages.songTitleRequired });
  });
});
