import { describe, expect, it } from 'vitest';
import { registerMusician } from '#server-test/helpers/factories.ts';
import { startTestApp } from '#server-test/helpers/test-app.ts';

// The per-email sign-in limit at its production default (10 a minute); codes shown as in development.
const { app } = await startTestApp({
  exposeResetCode: true,
  rateLimit: { authPerEmailPerMinute: 10 },
});

describe('a successful password reset and the sign-in limit', () => {
  it("clears the email's wrong-password count, so the new password signs in at once", async () => {
    const musician = await registerMusician(app);
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: musician.email, password },
      });

    for (let i = 0; i < 10; i++) expect((await login('a wrong guess 1')).statusCode).toBe(401);

    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: musician.email },
    });
    const { reset_code } = forgot.json<{ reset_code: string }>();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: musician.email, reset_code, new_password: 'brand new pass 2' },
    });
    expect(reset.statusCode).toBe(200);

    expect((await login('brand new pass 2')).statusCode).toBe(200);
  });
});
