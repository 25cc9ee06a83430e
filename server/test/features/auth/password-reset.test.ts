import { describe, expect, it, vi } from 'vitest';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_REISSUE_SECONDS } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import {
  registerMusician,
  uniqueEmail,
  type TestMusician,
} from '#server-test/helpers/factories.ts';
import { startCaptureSmtp } from '#server-test/helpers/capture-smtp.ts';
import { startTestApp, type TestApp } from '#server-test/helpers/test-app.ts';

const production = await startTestApp();
const development = await startTestApp({ exposeResetCode: true });
const smtp = await startCaptureSmtp();
const mailing = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'test@localhost' });
const { app } = production;

const forgot = (target: TestApp, email: string) =>
  target.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

const reset = (
  email: string,
  resetCode: string,
  newPassword = 'brand new pass 2',
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress,
    payload: { email, reset_code: resetCode, new_password: newPassword },
  });

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** Without SMTP the code is written to the operator's log: read it from there. */
async function requestCodeFromLog(musician: TestMusician): Promise<string> {
  const seen = production.logs().length;
  const res = await forgot(production, musician.email);
  return readCodeFromLog(musician, res, seen);
}

async function readCodeFromLog(
  musician: TestMusician,
  res: Awaited<ReturnType<typeof forgot>>,
  seen: number,
): Promise<string> {
  expect(res.statusCode).toBe(200);
  // The code is stored and sent just after the answer (so timing reveals nothing): wait for it.
  const line = await vi.waitFor(() => {
    const found = production
      .logs()
      .slice(seen)
      .reverse()
      .find((entry) => entry.to === musician.email && String(entry.msg).includes('reset code'));
    if (!found) throw new Error('no reset code in the log yet');
    return found;
  });
  const code = /reset code ([A-Z0-9]{8})/.exec(String(line?.msg))?.[1];
  if (!code) throw new Error('no reset code in the log');
  return code;
}

/** Makes the musician's codes look issued `seconds` earlier than they were. */
async function ageCodes(musician: TestMusician, seconds: number) {
  const db = app.database.kysely;
  for (const { id, createdAt } of await codesOf(musician)) {
    await db
      .updateTable('passwordResets')
      .set({ createdAt: new Date(createdAt.getTime() - seconds * 1000) })
      .where('id', '=', id)
      .execute();
  }
}

const codesOf = (musician: TestMusician) =>
  app.database.kysely
    .selectFrom('passwordResets')
    .selectAll()
    .where('musicianId', '=', musician.musician.id)
    .execute();

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a registered and an unknown email, without the code', async () => {
    const musician = await registerMusician(app);
    const known = await forgot(production, musician.email);
    const unknown = await forgot(production, uniqueEmail('nobody'));

    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: messages.resetCodeSent, delivery: 'log' });
    expect(unknown.json()).toEqual(known.json());
  });

  it('returns the code only when the server runs in development', async () => {
    const musician = await registerMusician(development.app);
    const res = await forgot(development, musician.email);
    expect(res.json()).toEqual({
      message: messages.resetCodeSent,
      delivery: 'log',
      reset_code: expect.stringMatching(/^[A-Z0-9]{8}$/),
    });
  });

  it('stores only a hash of the code', async () => {
    const musician = await registerMusician(app);
    const code = await requestCodeFromLog(musician);
    const [row] = await codesOf(musician);
    expect(row!.codeHash).not.toContain(code);
  });

  it('emails the code when SMTP_URL is set, and keeps it out of the log', async () => {
    const musician = await registerMusician(mailing.app);
    await forgot(mailing, musician.email);
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);

    const code = /reset code: ([A-Z0-9]{8})/.exec(smtp.received[0]!)?.[1];
    expect(smtp.received[0]).toContain(`To: ${musician.email}`);
    expect(code).toBeDefined();
    expect(mailing.rawLogs()).not.toContain(code);
  });

  it('requires a valid email', async () => {
    const res = await forgot(production, 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.emailInvalid });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, signs out every device, and the code works only once', async () => {
    const musician = await registerMusician(app);
    const code = await requestCodeFromLog(musician);

    const res = await reset(musician.email, code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.resetSuccess });

    expect((await login(musician.email, 'brand new pass 2')).statusCode).toBe(200);
    expect((await login(musician.email, musician.password)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/profile', headers: musician.auth })).statusCode).toBe(
      401,
    );

    const again = await reset(musician.email, code, 'yet another pass 3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: messages.resetCodeInvalid });
  });

  it('refuses a wrong code, and locks the code after 5 wrong tries', async () => {
    const musician = await registerMusician(app);
    const code = await requestCodeFromLog(musician);

    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await reset(musician.email, 'WRONG000');
      expect(res.json()).toEqual({ detail: messages.resetCodeInvalid });
    }
    expect((await reset(musician.email, 'WRONG000')).json()).toEqual({
      detail: messages.resetCodeLocked,
    });

    const right = await reset(musician.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ detail: messages.resetCodeLocked });
    expect((await login(musician.email, musician.password)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const musician = await registerMusician(app);
    const code = await requestCodeFromLog(musician);
    await app.database.kysely
      .updateTable('passwordResets')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('musicianId', '=', musician.musician.id)
      .execute();
    expect((await reset(musician.email, code)).json()).toEqual({
      detail: messages.resetCodeInvalid,
    });
  });

  it('a code keeps working when someone asks for a new one while it is being typed', async () => {
    const musician = await registerMusician(app);
    const owners = await requestCodeFromLog(musician);
    // A stranger asks again at once: nothing new is issued or mailed, and the owner's code works.
    const seen = production.logs().length;
    expect((await forgot(production, musician.email)).statusCode).toBe(200);
    // A reset waits for the codes of its email being stored, so both requests are done after it.
    expect((await reset(musician.email, owners)).statusCode).toBe(200);
    expect(
      production
        .logs()
        .slice(seen)
        .some((entry) => entry.to === musician.email),
    ).toBe(false);
    const stored = await codesOf(musician);
    expect(stored.length).toBe(1);
  });

  it('a code stays good until it expires or the password is reset, whatever came after it', async () => {
    const musician = await registerMusician(app);
    const first = await requestCodeFromLog(musician);
    await ageCodes(musician, RESET_CODE_REISSUE_SECONDS + 1);
    const second = await requestCodeFromLog(musician);
    expect(second).not.toBe(first);
    expect((await reset(musician.email, first)).statusCode).toBe(200);
    // The reset used them all up.
    expect((await reset(musician.email, second, 'another pass 3')).json()).toEqual({
      detail: messages.resetCodeInvalid,
    });
  });

  it("wrong guesses from one address do not burn the owner's code for another", async () => {
    const musician = await registerMusician(app);
    const code = await requestCodeFromLog(musician);
    for (let attempt = 1; attempt <= RESET_CODE_MAX_ATTEMPTS; attempt++) {
      await reset(musician.email, 'WRONG000', undefined, '10.0.3.66');
    }
    expect((await reset(musician.email, code, undefined, '10.0.3.66')).json()).toEqual({
      detail: messages.resetCodeLocked,
    });

    const owners = await reset(musician.email, code, undefined, '10.0.3.1');
    expect(owners.statusCode).toBe(200);
  });

  it('asking for a new code from a locked address lets it try again', async () => {
    const musician = await registerMusician(app);
    const code = await requestCodeFromLog(musician);
    for (let attempt = 1; attempt <= RESET_CODE_MAX_ATTEMPTS; attempt++) {
      await reset(musician.email, 'WRONG000');
    }
    expect((await reset(musician.email, code)).json()).toEqual({
      detail: messages.resetCodeLocked,
    });
    expect((await forgot(production, musician.email)).statusCode).toBe(200);
    expect((await reset(musician.email, code)).statusCode).toBe(200);
  });

  it('every wrong guess, the 5th too, answers the same whether or not the email has an account', async () => {
    const musician = await registerMusician(app);
    await requestCodeFromLog(musician);
    const unknown = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= RESET_CODE_MAX_ATTEMPTS + 1; attempt++) {
      const known = await reset(musician.email, 'WRONG000');
      const stranger = await reset(unknown, 'WRONG000');
      expect(stranger.statusCode).toBe(known.statusCode);
      expect(stranger.body).toBe(known.body);
      expect(stranger.headers['content-type']).toBe(known.headers['content-type']);
      expect(known.json()).toEqual({
        detail:
          attempt >= RESET_CODE_MAX_ATTEMPTS ? messages.resetCodeLocked : messages.resetCodeInvalid,
      });
    }
  });

  it('says the same for an unknown email as for a wrong code', async () => {
    const res = await reset(uniqueEmail('nobody'), 'ABCDEFGH');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.resetCodeInvalid });
  });

  it.each([
    [{ email: 'a@b.co', new_password: 'long enough 1' }, messages.resetCodeRequired],
    [{ email: 'a@b.co', reset_code: 'ABCDEFGH' }, messages.newPasswordRequired],
    [{ email: 'a@b.co', reset_code: 'ABCDEFGH', new_password: 'short' }, messages.passwordTooShort],
    [{ reset_code: 'ABCDEFGH', new_password: 'long enough 1' }, messages.emailRequired],
  ])('validates %o', async (payload, detail) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });
});
