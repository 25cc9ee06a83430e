/**
 * The account side's repositories (issue 44's port to Kysely) on the app's SQLite engine and
 * schema: every query they hold runs there and reads back what it reads on PostgreSQL (a Date,
 * a boolean, a Buffer, a number). Their behaviour is tested through the routes on PGlite and
 * PostgreSQL; this proves the same statements on the third engine.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionsRepository } from '#server/credentials/sessions-repository.ts';
import { derivedKeys } from '#server/db/derived-keys.ts';
import { migrateToLatest } from '#server/db/schema-migrations/migrate-to-latest.ts';
import type { DB } from '#server/db/tables.ts';
import { accountRepository } from '#server/features/account/account-repository.ts';
import { passwordResetsRepository } from '#server/features/auth/password-resets-repository.ts';
import { contactRepository } from '#server/features/contact/contact-repository.ts';
import { oidcFlowsRepository } from '#server/features/oidc/oidc-flows-repository.ts';
import { oidcSignupsRepository } from '#server/features/oidc/oidc-signups-repository.ts';
import { subscriptionRepository } from '#server/features/subscription/subscription-repository.ts';
import { imageUrl } from '#server/images/image-url.ts';
import { imagesRepository } from '#server/images/images-repository.ts';
import { musiciansRepository } from '#server/musicians/musicians-repository.ts';
import { requestWindowsRepository } from '#server/features/request-window/request-windows-repository.ts';
import { designRepository } from '#server/design/design-repository.ts';
import { cleanUpLater } from '#server-test/helpers/cleanup.ts';
import { tempKysely, tempSqliteFolder } from './temp-sqlite.ts';

const folder = tempSqliteFolder();
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function sqliteDb() {
  const { db } = tempKysely<DB>(folder);
  cleanUpLater(() => db.destroy());
  await migrateToLatest(db, 'sqlite');
  return db;
}

async function newMusician(db: Awaited<ReturnType<typeof sqliteDb>>, slug = 'band') {
  const email = `${slug}@example.com`;
  return musiciansRepository(db).insert({ name: slug, email, slug, passwordHash: 'hash' });
}

describe('the ported account queries on SQLite', () => {
  it('musicians: find, slugs and their history, request windows', async () => {
    const db = await sqliteDb();
    const musicians = musiciansRepository(db);
    const band = await newMusician(db, 'band');
    const other = await newMusician(db, 'band-2');
    expect(band.createdAt).toBeInstanceOf(Date);
    expect(band.tipsEnabled).toBe(true);
    expect(await musicians.slugOf(band.id)).toBe('band');
    expect((await musicians.findByEmail('BAND@example.com'))?.id).toBe(band.id);
    expect(await musicians.findByOidcAccount('issuer', 'subject')).toBeUndefined();
    expect([...(await musicians.slugsLike('band'))].sort()).toEqual(['band', 'band-2']);
    expect([...(await musicians.slugsLike('band', other.id))]).toEqual(['band']);

    const renamed = await musicians.update(band.id, { slug: 'band-new' });
    expect(renamed?.previousSlug).toBe('band');
    expect(await musicians.currentSlugFor('band')).toBe('band-new');
    expect(await musicians.slugTakenByOther('band-2', band.id)).toBe(true);

    const windows = requestWindowsRepository(db);
    const open = minutesFromNow(-5);
    const close = minutesFromNow(5);
    await musicians.update(other.id, { requestsOpenAt: open, requestsCloseAt: close });
    expect(await windows.nextTime(new Date())).toEqual(close);
    const opened = await windows.claimPassed(new Date());
    expect(opened.map((row) => [row.id, row.requestsWindowAnnouncedAt])).toEqual([
      [other.id, open],
    ]);
    expect(await windows.claimPassed(new Date())).toEqual([]);
    const closed = await windows.claimPassed(minutesFromNow(6));
    expect(closed.map((row) => row.requestsWindowAnnouncedAt)).toEqual([close]);
    expect(closed[0]!.updatedAt > opened[0]!.updatedAt).toBe(true);
  });

  it('sessions, credentials and reset codes', async () => {
    const db = await sqliteDb();
    const band = await newMusician(db);
    const sessions = sessionsRepository(db);
    const ended = await sessions.insert(band.id, 'ended', minutesFromNow(10));
    expect((await sessions.findLive('ended'))?.id).toBe(ended);
    expect(await sessions.startedAt(ended)).toBeInstanceOf(Date);
    await sessions.revoke(ended);
    expect(await sessions.findLive('ended')).toBeUndefined();
    expect(await sessions.deleteEndedBefore(minutesFromNow(1))).toBe(1);

    const account = accountRepository(db);
    const kept = await sessions.insert(band.id, 'kept', minutesFromNow(10));
    const other = await sessions.insert(band.id, 'other', minutesFromNow(10));
    await db.insertInto('feedTokens').values({ musicianId: band.id, tokenHash: 'feed' }).execute();
    const moved = await account.setEmail(band.id, 'new@example.com', kept);
    expect(moved?.row.email).toBe('new@example.com');
    expect(moved?.revoked.sessionIds).toEqual([other]);
    expect(moved?.revoked.feedTokenIds).toHaveLength(1);
    const again = await sessions.insert(band.id, 'again', minutesFromNow(10));
    await db
      .insertInto('feedTokens')
      .values({ musicianId: band.id, tokenHash: 'feed 2' })
      .execute();
    const revoked = await account.setPassword(band.id, 'hash 2', kept);
    expect(revoked.sessionIds).toEqual([again]);
    expect(revoked.feedTokenIds).toHaveLength(1);

    const resets = passwordResetsRepository(db);
    expect(await resets.issue(band.id, 'code', minutesFromNow(10), minutesFromNow(-1))).toBe(true);
    expect(await resets.issue(band.id, 'code 2', minutesFromNow(10), minutesFromNow(-1))).toBe(
      false,
    );
    const live = await resets.findLive(band.id, 'code');
    expect(live?.createdAt).toBeInstanceOf(Date);
    const key = { emailHash: 'email hash', address: '192.0.2.1' };
    expect(await resets.addWrongGuess(key, minutesFromNow(5))).toBe(1);
    expect(await resets.addWrongGuess(key, minutesFromNow(5))).toBe(2);
    expect(await resets.wrongGuesses(key)).toBe(2);
    await db
      .updateTable('passwordResetGuesses')
      .set({ expiresAt: minutesFromNow(-1) })
      .execute();
    expect(await resets.addWrongGuess(key, minutesFromNow(5))).toBe(1);
    await resets.forgetGuesses(key.emailHash, key.address);
    expect(await resets.wrongGuesses(key)).toBe(0);
    expect((await resets.completeReset(live!, 'hash 3'))?.sessionIds).toEqual([kept]);
    expect(await resets.completeReset(live!, 'hash 3')).toBeUndefined();
    expect(await resets.deleteExpiredBefore(minutesFromNow(60))).toBe(1);

    expect(await account.deleteMusician(band.id)).toEqual({ sessionIds: [], feedTokenIds: [] });
    expect(await account.deleteMusician(band.id)).toBeUndefined();
  });

  it('OIDC flows and signups, the design and its images', async () => {
    const db = await sqliteDb();
    const flows = oidcFlowsRepository(db);
    const flow = { codeVerifier: 'verifier', nonce: 'nonce' };
    await flows.insert({ ...flow, stateHash: 'live', expiresAt: minutesFromNow(5) });
    expect((await flows.take('live'))?.nonce).toBe('nonce');
    expect(await flows.take('live')).toBeUndefined();
    await flows.insert({ ...flow, stateHash: 'old', expiresAt: minutesFromNow(-5) });
    expect(await flows.deleteExpiredBefore(new Date())).toBe(1);
    const signups = oidcSignupsRepository(db);
    const identity = { issuer: 'issuer', subject: 'subject', email: 'oidc@example.com' };
    await signups.insert({ ...identity, tokenHash: 'token', expiresAt: minutesFromNow(5) });
    const signup = await signups.findLive('token');
    expect(await signups.remove(signup!.id)).toBe(true);
    expect(await signups.remove(signup!.id)).toBe(false);

    const band = await newMusician(db);
    const images = imagesRepository(db);
    const design = designRepository(db, images);
    const bytes = Buffer.from([1, 2, 3]);
    const image = {
      id: randomUUID(),
      musicianId: band.id,
      kind: 'artist_photo' as const,
      contentType: 'image/webp',
      bytes,
      width: 1,
      height: 1,
    };
    const photo = imageUrl(image.id, image.contentType);
    const saved = await design.save(band.id, { artistPhoto: photo, showYear: false }, [image]);
    expect(saved.showYear).toBe(false);
    expect((await images.find(image.id))?.bytes).toEqual(bytes);
    await design.save(band.id, { artistPhoto: null }, []);
    expect(await images.find(image.id)).toBeUndefined();
    expect((await design.find(band.id))?.artistPhoto).toBeNull();
  });

  it("the contact limit's wait, the month's requests and the derived keys' secret", async () => {
    const db = await sqliteDb();
    const contact = contactRepository(db);
    const message = { musicianId: null, name: 'Name', message: 'Hello', source: 'a' };
    const limits = {
      perEmail: { max: 2, windowMinutes: 10 },
      perAddress: { max: 5, windowMinutes: 10 },
    };
    const file = (email: string) => contact.file({ ...message, email }, limits);
    expect((await file('fan@example.com')).outcome).toBe('created');
    expect((await file('FAN@example.com')).outcome).toBe('created');
    const refused = await file('Fan@Example.com');
    expect(refused.outcome).toBe('email_limit');
    const wait = 'waitSeconds' in refused ? refused.waitSeconds : 0;
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);

    const band = await newMusician(db);
    const request = {
      musicianId: band.id,
      songTitle: 'Song',
      songArtist: 'Artist',
      requesterName: 'Fan',
      requesterEmail: '',
    };
    await db
      .insertInto('requests')
      .values([
        { ...request, votes: 3, blocked: false },
        { ...request, votes: 2, blocked: true },
      ])
      .execute();
    expect(await subscriptionRepository(db).requestsSince(band.id, minutesFromNow(-60))).toBe(3);

    const key = await derivedKeys(db).derive('purpose', 'part');
    expect((await derivedKeys(db).derive('purpose', 'part')).equals(key)).toBe(true);
  });
});
