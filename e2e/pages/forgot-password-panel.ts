import type { Locator, Page } from '@playwright/test';

/** The two-step forgot-password flow inside the sign-in panel. */
export class ForgotPasswordPanel {
  readonly heading: Locator;
  readonly email: Locator;
  readonly sendCodeButton: Locator;
  readonly resetCode: Locator;
  readonly newPassword: Locator;
  readonly resetButton: Locator;
  readonly backToLogin: Locator;
  readonly error: Locator;
  readonly info: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    const panel = page.locator('section.auth-panel');
    this.heading = panel.getByRole('heading', { name: 'Reset your password' });
    this.email = panel.getByLabel('Email Address');
    this.sendCodeButton = panel.getByRole('button', { name: 'Send Reset Code' });
    this.resetCode = panel.getByLabel('Reset Code');
    this.newPassword = panel.getByLabel('New Password');
    this.resetButton = panel.getByRole('button', { name: 'Reset Password' });
    this.backToLogin = panel.getByRole('button', { name: 'Back to login' });
    this.error = panel.getByRole('alert');
    this.info = panel.getByRole('status');
  }

  async requestCode(email: string): Promise<void> {
    await this.email.fill(email);
    await this.sendCodeButton.click();
  }

  async resetPassword(code: string, newPassword: string): Promise<void> {
    await this.resetCode.fill(code);
    await this.newPassword.fill(newPassword);
    await this.resetButton.click();
  }
}
