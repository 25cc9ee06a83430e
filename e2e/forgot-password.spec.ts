import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';

test('a musician resets a forgotten password with the code from the email', async ({
  page,
  landing,
  forgotPassword,
  dashboard,
  registeredMusician,
  resetCodeFor,
}) => {
  const musician = await registeredMusician();
  const newPassword = 'a brand new password 42';

  await landing.goto();
  await landing.forgotPasswordLink.click();
  await expect(forgotPassword.heading).toBeVisible();
  await forgotPassword.requestCode(musician.email);
  await expect(forgotPassword.info).toHaveText(messages.resetCodeSent);

  const code = await resetCodeFor(musician.email);
  await forgotPassword.resetPassword(code, newPassword);

  await expect(landing.notice).toHaveText(messages.resetSuccess);
  await expect(landing.email).toHaveValue(musician.email);

  await landing.login(musician.email, musician.password);
  await expect(landing.error).toHaveText(messages.invalidCredentials);

  await landing.login(musician.email, newPassword);
  await expect(page).toHaveURL('/dashboard');
  await expect(dashboard.welcome).toHaveText(`Welcome, ${musician.name}`);
});

test('a wrong reset code is refused with the server message', async ({
  landing,
  forgotPassword,
  registeredMusician,
  resetCodeFor,
}) => {
  const musician = await registeredMusician();
  await landing.goto();
  await landing.forgotPasswordLink.click();
  await forgotPassword.requestCode(musician.email);
  const code = await resetCodeFor(musician.email);

  const wrongCode = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
  await forgotPassword.resetPassword(wrongCode, 'another new password 7');
  await expect(forgotPassword.error).toHaveText(messages.resetCodeInvalid);
});

test('the forgot-password steps check their fields and lead back to login', async ({
  landing,
  forgotPassword,
}) => {
  await landing.goto();
  await landing.forgotPasswordLink.click();
  await forgotPassword.sendCodeButton.click();
  await expect(forgotPassword.email).toHaveAccessibleDescription(messages.emailRequired);

  await forgotPassword.requestCode('nobody-here@example.com');
  await expect(forgotPassword.info).toHaveText(messages.resetCodeSent);
  await forgotPassword.resetButton.click();
  await expect(forgotPassword.resetCode).toHaveAccessibleDescription(messages.resetCodeRequired);

  await forgotPassword.backToLogin.click();
  await expect(landing.signInButton).toBeVisible();
});
