import { describe, expect, it } from 'vitest';
import { registerMusician, uniqueEmail } from '#server-test/helpers/factories.ts';
import { startCaptureSmtp } from '#server-test/helpers/capture-smtp.ts';
import { startTestApp, type TestApp } from '#server-test/helpers/test-app.ts';

const withoutMail = await startTestApp();
const smtp = await startCaptureSmtp();
const withMail = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'test@localhost' });

const forgot = (target: TestApp, email: string) =>
  target.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

describe('POST /api/auth/forgot-password says where codes go', () => {
  it("answers delivery 'log' without SMTP, for known and unknown emails alike", async () => {
    const musician = await registerMusician(withoutMail.app);
    const known = await forgot(withoutMail, musician.email);
    const unknown = await forgot(withoutMail, uniqueEmail('nobody'));
    expect(known.json().delivery).toBe('log');
    expect(unknown.json()).toEqual(known.json());
  });

  it("answers delivery 'email' with SMTP, for known and unknown emails alike", async () => {
    const musician = await registerMusician(withMail.app);
    const known = await forgot(withMail, musician.email);
    const unknown = await forgot(withMail, uniqueEmail('nobody'));
    expect(known.json().delivery).toBe('email');
    expect(unknown.json()).toEqual(known.json());
  });
});
