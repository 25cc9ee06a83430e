import type { Locator, Page } from '@playwright/test';
import type { MusicianData } from '../support/musicians.ts';

/** The landing page and its sign-in / register panel. */
export class LandingPage {
  readonly panel: Locator;
  readonly stageName: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  readonly signUpButton: Locator;
  readonly switchToRegister: Locator;
  readonly switchToLogin: Locator;
  readonly forgotPasswordLink: Locator;
  readonly error: Locator;
  readonly notice: Locator;
  readonly supportButton: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.panel = page.locator('section.auth-panel');
    this.stageName = this.panel.getByLabel('Your Stage Name');
    this.email = this.panel.getByLabel('Email Address');
    this.password = this.panel.getByLabel('Password', { exact: true });
    this.signInButton = this.panel.getByRole('button', { name: 'Sign In', exact: true });
    this.signUpButton = this.panel.getByRole('button', { name: 'Sign Up', exact: true });
    this.switchToRegister = this.panel.getByRole('button', { name: 'Need an account? Sign up' });
    this.switchToLogin = this.panel.getByRole('button', {
      name: 'Already have an account? Sign in',
    });
    this.forgotPasswordLink = this.panel.getByRole('button', { name: 'Forgot your password?' });
    this.error = this.panel.getByRole('alert');
    this.notice = this.panel.getByRole('status');
    this.supportButton = page.getByRole('banner').getByRole('button', {
      name: 'Support the project',
    });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }

  async register(musician: MusicianData): Promise<void> {
    await this.switchToRegister.click();
    await this.stageName.fill(musician.name);
    await this.email.fill(musician.email);
    await this.password.fill(musician.password);
    await this.signUpButton.click();
  }

  async login(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }
}
