import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { LandingPage } from './pages/landing-page.ts';
import { ProfileTab } from './pages/profile-tab.ts';

test('change password: checklist, rules, and other devices signed out', async ({
  page,
  signedInMusician,
  anotherDevice,
  landing,
  dashboard,
}) => {
  const musician = await signedInMusician();
  const otherPage = await anotherDevice(musician);
  const profile = new ProfileTab(page);
  await profile.open('Account');

  await profile.changePasswordButton.click();
  await expect(profile.passwordForm).toBeVisible();
  const newPassword = field(profile, 'New Password');
  await newPassword.fill('abc');
  await expect(profile.checklistItem('At least one letter')).toHaveClass('rule-met');
  await expect(profile.checklistItem('At least one number')).toHaveClass('rule-unmet');
  await expect(profile.checklistItem('At least 8 characters')).toHaveClass('rule-unmet');

  // Cancel closes the form and clears it.
  await profile.passwordForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.passwordForm).toBeHidden();
  await profile.changePasswordButton.click();
  await expect(field(profile, 'New Password')).toHaveValue('');

  const error = profile.passwordForm.getByRole('alert');
  await profile.passwordForm.getByRole('button', { name: 'Update Password' }).click();
  await expect(error).toHaveText(messages.allFieldsRequired);
  await profile.changePassword(musician.password, 'new secret 1', 'new secret 2');
  await expect(error).toHaveText(messages.newPasswordsDoNotMatch);
  await profile.changePassword(musician.password, 'short1');
  await expect(error).toHaveText(messages.newPasswordTooShort);
  await profile.changePassword(musician.password, 'no numbers here');
  await expect(error).toHaveText(messages.newPasswordNeedsNumber);
  await profile.changePassword(musician.password, musician.password);
  await expect(error).toHaveText(messages.newPasswordSameAsCurrent);
  await profile.changePassword('wrong password 1', 'brand new pass 7');
  await expect(error).toHaveText(messages.currentPasswordIncorrect);

  await profile.changePassword(musician.password, 'brand new pass 7');
  await expect(profile.accountStatus).toHaveText(messages.passwordUpdated);
  await expect(profile.passwordForm).toBeHidden();

  // This device stays signed in; the other one is signed out.
  await page.reload();
  await expect(dashboard.welcome).toBeVisible();
  await otherPage.reload();
  const otherLanding = new LandingPage(otherPage);
  await expect(otherLanding.signInButton).toBeVisible();

  await dashboard.logoutButton.click();
  await landing.login(musician.email, 'brand new pass 7');
  await expect(dashboard.welcome).toBeVisible();
});

test('change email: rules, then sign in with the new address', async ({
  page,
  signedInMusician,
  newMusician,
  landing,
  dashboard,
}) => {
  const musician = await signedInMusician();
  const newEmail = newMusician().email;
  const profile = new ProfileTab(page);
  await profile.open('Account');

  await profile.changeEmailButton.click();
  const error = profile.emailForm.getByRole('alert');
  await profile.changeEmail(newEmail, '', musician.password);
  await expect(error).toHaveText(messages.allFieldsRequired);
  await profile.changeEmail(newEmail, `x${newEmail}`, musician.password);
  await expect(error).toHaveText(messages.emailsDoNotMatch);
  await profile.changeEmail(musician.email, musician.email, musician.password);
  await expect(error).toHaveText(messages.newEmailSameAsCurrent);
  await profile.changeEmail('not-an-email', 'not-an-email', musician.password);
  await expect(error).toHaveText(messages.emailInvalid);
  await profile.changeEmail(newEmail, newEmail, 'wrong password 1');
  await expect(error).toHaveText(messages.currentPasswordIncorrect);

  await profile.changeEmail(newEmail, newEmail, musician.password);
  await expect(profile.accountStatus).toHaveText(messages.emailUpdated);
  await expect(profile.account).toContainText(newEmail);
  await profile.showSection('Profile');
  await expect(profile.email).toHaveValue(newEmail);

  await dashboard.logoutButton.click();
  await landing.login(newEmail, musician.password);
  await expect(dashboard.welcome).toBeVisible();
});

test('delete account: needs DELETE typed and the password, then removes the account and signs out', async ({
  page,
  signedInMusician,
  landing,
}) => {
  const musician = await signedInMusician();
  const profile = new ProfileTab(page);
  await profile.open('Account');

  await profile.deleteAccountButton.click();
  const confirm = profile.deleteForm.getByLabel('Type "DELETE" to confirm');
  const submit = profile.deleteForm.getByRole('button', { name: 'Delete My Account' });
  await confirm.fill('delete');
  await submit.click();
  await expect(profile.deleteForm.getByRole('alert')).toHaveText(
    messages.deleteConfirmationRequired,
  );
  await profile.deleteForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.deleteForm).toBeHidden();

  await profile.deleteAccountButton.click();
  await expect(confirm).toHaveValue('');
  await confirm.fill('DELETE');
  const password = profile.deleteForm.getByLabel('Current Password');
  await submit.click();
  await expect(profile.deleteForm.getByRole('alert')).toHaveText(messages.deletePasswordRequired);
  await password.fill('not my password 1');
  await submit.click();
  await expect(profile.deleteForm.getByRole('alert')).toHaveText(messages.currentPasswordIncorrect);
  await password.fill(musician.password);
  await submit.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(messages.accountDeleted)).toBeVisible();
  await landing.login(musician.email, musician.password);
  await expect(page.getByText(messages.invalidCredentials)).toBeVisible();

  const publicPage = await page.request.get(`/api/musicians/${musician.slug}`);
  expect(publicPage.status()).toBe(404);
});

function field(profile: ProfileTab, label: string) {
  return profile.passwordForm.getByLabel(label, { exact: true });
}
