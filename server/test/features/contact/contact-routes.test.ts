import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { ContactBody } from '#shared/schemas/contact.ts';
import { startCaptureSmtp } from '#server-test/helpers/capture-smtp.ts';
import { registerMusician, uniqueEmail } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

const { app } = await startTestApp();

const contact = (
  target: FastifyInstance,
  payload: Record<string, unknown>,
  options: { headers?: Record<string, string>; ip?: string } = {},
) =>
  target.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    headers: options.headers,
    remoteAddress: options.ip,
  });

const storedFrom = (target: FastifyInstance, email: string) =>
  target.database.kysely
    .selectFrom('contactMessages')
    .selectAll()
    .where('email', '=', email)
    .execute();

const valid = (overrides: Partial<ContactBody> = {}): ContactBody => ({
  name: 'Jamie',
  email: uniqueEmail('fan'),
  message: 'How do I print my QR code?',
  ...overrides,
});

describe('POST /api/contact', () => {
  it('stores a trimmed message from a visitor and thanks them', async () => {
    const body = valid({ name: '  Jamie ', message: ' Hello there \n' });
    const res = await contact(app, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: messages.contactSent });
    const rows = await storedFrom(app, body.email);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Jamie',
        email: body.email,
        message: 'Hello there',
        musicianId: null,
      }),
    ]);
  });

  it("links a signed-in musician's message to their own account, ignoring a foreign musician_id", async () => {
    const me = await registerMusician(app);
    const other = await registerMusician(app);
    const body = valid({ musician_id: other.musician.id });
    const res = await contact(app, body, { headers: me.auth });
    expect(res.statusCode).toBe(201);
    const [row] = await storedFrom(app, body.email);
    expect(row?.musicianId).toBe(me.musician.id);
  });

  it('ignores a musician_id sent without signing in', async () => {
    const other = await registerMusician(app);
    const body = valid({ musician_id: other.musician.id });
    expect((await contact(app, body)).statusCode).toBe(201);
    const [row] = await storedFrom(app, body.email);
    expect(row?.musicianId).toBeNull();
  });

  it.each([
    [{ name: undefined }, messages.contactFieldsRequired],
    [{ name: '   ' }, messages.contactFieldsRequired],
    [{ email: '' }, messages.contactFieldsRequired],
    [{ message: undefined }, messages.contactFieldsRequired],
    [{ message: ' \n ' }, messages.contactFieldsRequired],
    [{ email: 'not an email' }, messages.emailInvalid],
    [{ email: 'jo@example' }, messages.emailInvalid],
    [{ name: 'Ja\u0000mie' }, messages.textHasNulCharacter],
    [{ message: 'Hi\u0000' }, messages.textHasNulCharacter],
    [{ message: 'x'.repeat(10_000) }, fill(messages.contactMessageTooLong, { max: '5,000' })],
  ])('refuses %o with 400', async (overrides, detail) => {
    const body = valid(overrides as Partial<ContactBody>);
    const res = await contact(app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect(await storedFrom(app, body.email)).toEqual([]);
  });

  it('emails nothing without SMTP_URL, and keeps the sender out of the log', async () => {
    const quiet = await startTestApp({ supportEmail: 'support@example.com', smtpUrl: undefined });
    const body = valid({ message: 'A private note' });
    expect((await contact(quiet.app, body)).statusCode).toBe(201);
    expect(await storedFrom(quiet.app, body.email)).toHaveLength(1);
    expect(quiet.rawLogs()).not.toContain(body.email);
    expect(quiet.rawLogs()).not.toContain('A private note');
  });
});

describe('contact email to SUPPORT_EMAIL', () => {
  it('forwards the message through SMTP to SUPPORT_EMAIL, replying to the sender', async () => {
    const smtp = await startCaptureSmtp();
    const mailing = await startTestApp({
      smtpUrl: smtp.url,
      mailFrom: 'no-reply@localhost',
      supportEmail: 'support@example.com',
    });
    const body = valid({ name: 'Jamie Fan', message: 'The QR flyer is great' });
    expect((await contact(mailing.app, body)).statusCode).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail).toMatch(/^To: support@example\.com/m);
    expect(mail).toMatch(new RegExp(`^Reply-To: "?Jamie Fan"? <${body.email}>`, 'm'));
    expect(mail).toContain('The QR flyer is great');
  });

  it('emails nothing when SUPPORT_EMAIL is not set, even with SMTP_URL', async () => {
    const smtp = await startCaptureSmtp();
    const noSupport = await startTestApp({ smtpUrl: smtp.url, supportEmail: undefined });
    const body = valid();
    expect((await contact(noSupport.app, body)).statusCode).toBe(201);
    expect(await storedFrom(noSupport.app, body.email)).toHaveLength(1);
    expect(smtp.received).toEqual([]);
  });

  it('still stores and thanks the sender when the mail server is unreachable', async () => {
    const broken = await startTestApp({
      smtpUrl: 'smtp://127.0.0.1:1',
      supportEmail: 'support@example.com',
    });
    const body = valid();
    const res = await contact(broken.app, body);
    expect(res.statusCode).toBe(201);
    expect(await storedFrom(broken.app, body.email)).toHaveLength(1);
    expect(broken.rawLogs()).toContain('contact email failed');
    expect(broken.rawLogs()).not.toContain(body.email);
  });
});

describe('contact rate limit', () => {
  it('refuses the fourth message a minute from one address with 429', async () => {
    const limited = await startTestApp({ rateLimit: { publicWritesPerIpPerMinute: 3 } });
    for (let i = 0; i < 3; i++) {
      expect((await contact(limited.app, valid(), { ip: '10.8.0.1' })).statusCode).toBe(201);
    }
    const refused = await contact(limited.app, valid(), { ip: '10.8.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: messages.tooManyRequests });
    expect((await contact(limited.app, valid(), { ip: '10.8.0.2' })).statusCode).toBe(201);
  });
});
