import type { Locator, Page } from '@playwright/test';

/** The Profile tab's "Stage devices" panel and its "Add a stage device" dialog. */
export class StageDevicesPanel {
  readonly panel: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly code: Locator;
  readonly qrCode: Locator;
  readonly expiry: Locator;
  readonly pairedMessage: Locator;
  readonly devices: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.panel = page.getByRole('region', { name: 'Stage devices' });
    this.addButton = this.panel.getByRole('button', { name: 'Add a stage device' });
    this.dialog = page.getByRole('dialog', { name: 'Add a stage device' });
    this.code = this.dialog.locator('.pairing-code');
    this.qrCode = this.dialog.getByRole('img', { name: /QR code/ });
    this.expiry = this.dialog.getByRole('timer');
    this.pairedMessage = this.dialog.getByRole('status').filter({ hasText: 'is paired' });
    this.devices = this.panel
      .getByRole('list', { name: 'Paired stage devices' })
      .getByRole('listitem');
  }

  async open(): Promise<void> {
    await this.page.goto('/dashboard?tab=profile&section=devices');
  }

  /** The link the QR code holds: the pairing page with the code filled in. */
  async pairingUrl(): Promise<string> {
    const code = (await this.code.textContent())?.replace('-', '') ?? '';
    return `/stage/pair?code=${code}`;
  }

  async remove(name: string): Promise<void> {
    await this.panel.getByRole('button', { name: `Remove ${name}` }).click();
    await this.page
      .getByRole('dialog', { name: 'Remove this stage device?' })
      .getByRole('button', { name: 'Remove' })
      .click();
  }
}

/** /stage/pair on the bandmate's tablet. */
export class StagePairPage {
  readonly heading: Locator;
  readonly codeField: Locator;
  readonly pairButton: Locator;
  readonly error: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Pair a stage device' });
    this.codeField = page.getByLabel('Pairing code');
    this.pairButton = page.getByRole('button', { name: 'Pair this device' });
    this.error = page.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/stage/pair');
  }
}
