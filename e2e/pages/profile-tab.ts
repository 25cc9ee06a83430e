import type { Locator, Page } from '@playwright/test';

/** A section of the Profile tab, as its sub-navigation names it. */
export type ProfileSection =
  | 'Audience link & QR'
  | 'Profile'
  | 'Payments'
  | 'Links'
  | 'Show settings'
  | 'Devices & access'
  | 'Account';

/**
 * The dashboard's Profile tab: one section on screen at a time (settings, audience link and
 * active playlist, devices, account forms), the settings saved by one Save.
 */
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
  /** The Save bar's line: 'Unsaved changes' / 'All changes saved' until a save says more. */
  readonly saveNote: Locator;
  readonly settingsStatus: Locator;
  readonly repeatRule: Locator;
  readonly venueScreenOn: Locator;
  readonly sectionNav: Locator;
  readonly settingsError: Locator;
  readonly activePlaylist: Locator;
  /** Payments > Card payments (Stripe), shown where the server has Stripe keys. */
  readonly cardPayments: Locator;
  readonly acceptCardTips: Locator;
  readonly paidRequestPrice: Locator;

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
    this.saveButton = page.getByRole('button', { name: 'Save Profile' });
    this.saveNote = page.locator('.profile-save-note');
    this.repeatRule = this.settings.getByLabel('A song already played may be requested');
    this.venueScreenOn = this.settings.getByLabel('Venue screen on');
    this.sectionNav = page.getByRole('navigation', { name: 'Profile sections' });
    this.cardPayments = this.settings.getByRole('group', { name: 'Card payments' });
    this.acceptCardTips = this.cardPayments.getByRole('button', { name: 'Accept card tips' });
    this.paidRequestPrice = this.cardPayments.getByLabel('Paid requests: price ($)');
    this.settingsStatus = this.settings.getByRole('status').last();
    this.settingsError = this.settings.getByRole('alert');
    this.activePlaylist = page.getByRole('combobox', { name: 'Audience sees' });

    this.account = page.getByRole('region', { name: 'Account', exact: true });
    this.accountStatus = this.account.getByRole('status').first();
    this.changeEmailButton = this.account.getByRole('button', { name: 'Change Email' });
    this.changePasswordButton = this.account.getByRole('button', { name: 'Change Password' });
    this.deleteAccountButton = this.account.getByRole('button', { name: 'Delete Account' });
    this.emailForm = this.account.getByRole('form', { name: 'Change email' });
    this.passwordForm = this.account.getByRole('form', { name: 'Change password' });
    this.deleteForm = this.account.getByRole('form', { name: 'Delete account' });
  }

  /** Opens the Profile tab, then `section` (the tab opens on Audience link & QR). */
  async open(section: ProfileSection = 'Profile'): Promise<void> {
    await this.page.getByRole('tab', { name: 'Profile', exact: true }).click();
    await this.showSection(section);
  }

  async showSection(section: ProfileSection): Promise<void> {
    await this.sectionButton(section).click();
  }

  sectionButton(section: ProfileSection): Locator {
    return this.sectionNav.getByRole('button', { name: section, exact: true });
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
