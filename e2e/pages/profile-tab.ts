import type { Locator, Page } from '@playwright/test';

/** The dashboard's Profile tab: settings form, active playlist, account forms. */
export class ProfileTab {
  readonly settings: Locator;
  readonly stageName: Locator;
  readonly email: Locator;
  readonly bio: Locator;
  readonly website: Locator;
  readonly slug: Locator;
  readonly venmo: Locator;
  readonly cashApp: Locator;
  readonly zelleEmail: Locator;
  readonly venmoEnabled: Locator;
  readonly spotify: Locator;
  readonly saveButton: Locator;
  readonly settingsStatus: Locator;
  readonly settingsError: Locator;
  readonly activePlaylist: Locator;

  readonly account: Locator;
  readonly accountStatus: Locator;
  readonly changeEmailButton: Locator;
  readonly changePasswordButton: Locator;
  readonly deleteAccountButton: Locator;
  readonly emailForm: Locator;
  readonly passwordForm: Locator;
  readonly deleteForm: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.settings = page.getByRole('region', { name: 'Profile Settings' });
    this.stageName = this.settings.getByLabel('Stage Name');
    this.email = this.settings.getByLabel('Email', { exact: true });
    this.bio = this.settings.getByLabel('Bio');
    this.website = this.settings.getByLabel('Website');
    this.slug = this.settings.getByLabel('Link name (slug)');
    this.venmo = this.settings.getByLabel('Venmo username (without @)');
    this.cashApp = this.settings.getByLabel('Cash App username (without $)');
    this.zelleEmail = this.settings.getByLabel('Zelle email');
    this.venmoEnabled = this.settings.getByLabel('Offer Venmo for tips');
    this.spotify = this.settings.getByLabel('Spotify artist link');
    this.saveButton = this.settings.getByRole('button', { name: 'Save Profile' });
    this.settingsStatus = this.settings.getByRole('status').last();
    this.settingsError = this.settings.getByRole('alert');
    this.activePlaylist = page.getByRole('combobox', { name: 'Audience sees' });

    this.account = page.getByRole('region', { name: 'Account' });
    this.accountStatus = this.account.getByRole('status').first();
    this.changeEmailButton = this.account.getByRole('button', { name: 'Change Email' });
    this.changePasswordButton = this.account.getByRole('button', { name: 'Change Password' });
    this.deleteAccountButton = this.account.getByRole('button', { name: 'Delete Account' });
    this.emailForm = this.account.getByRole('form', { name: 'Change email' });
    this.passwordForm = this.account.getByRole('form', { name: 'Change password' });
    this.deleteForm = this.account.getByRole('form', { name: 'Delete account' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Profile', exact: true }).click();
  }

  async changeEmail(newEmail: string, confirm: string, password: string): Promise<void> {
    await this.emailForm.getByLabel('New Email', { exact: true }).fill(newEmail);
    await this.emailForm.getByLabel('Confirm New Email').fill(confirm);
    await this.emailForm.getByLabel('Current Password').fill(password);
    await this.emailForm.getByRole('button', { name: 'Update Email' }).click();
  }

  async changePassword(current: string, next: string, confirm = next): Promise<void> {
    await this.passwordForm.getByLabel('Current Password').fill(current);
    await this.passwordForm.getByLabel('New Password', { exact: true }).fill(next);
    await this.passwordForm.getByLabel('Confirm New Password').fill(confirm);
    await this.passwordForm.getByRole('button', { name: 'Update Password' }).click();
  }

  checklistItem(label: string): Locator {
    return this.passwordForm
      .getByRole('list', { name: 'New password requirements' })
      .getByRole('listitem')
      .filter({ hasText: label });
  }
}
