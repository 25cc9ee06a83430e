import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { DesignTab } from './pages/design-tab.ts';
import type { RegisteredMusician } from './support/musicians.ts';

const standardFontDataUrl = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

// Each test starts signed in on the Profile tab, where the audience link is shown.
test.describe('the audience link: QR code and flyer', () => {
  let musician: RegisteredMusician;
  let link: string;

  test.beforeEach(async ({ dashboard, signedInMusician }) => {
    musician = await signedInMusician({ tab: 'Profile' });
    link = await dashboard.audienceLink.inputValue();
  });

  test('QR code: shown in the modal, downloaded as a PNG and as an SVG', async ({ page }) => {
    const qr = new DesignTab(page);
    await qr.qrButton.click();
    await expect(qr.qrDialog.getByRole('img', { name: `QR code of ${link}` })).toBeVisible();

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      qr.qrDialog.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('audience-qr-code.png');
    const bytes = await readFile((await png.path())!);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThanOrEqual(512);

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      qr.qrDialog.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe('audience-qr-code.svg');
    expect(await readFile((await svg.path())!, 'utf8')).toMatch(/^<svg /);
  });

  test('Print Flyer opens the flyer PDF in a new tab: one page, the link in text', async ({
    page,
    context,
  }) => {
    const qr = new DesignTab(page);

    // What the server sends the dashboard, passed through unchanged and kept for the checks.
    let served: { type: string | undefined; body: Buffer } | undefined;
    await page.route('**/api/qr-flyer?format=pdf*', async (route) => {
      const response = await route.fetch();
      served = { type: response.headers()['content-type'], body: await response.body() };
      await route.fulfill({ response });
    });
    const [tab] = await Promise.all([context.waitForEvent('page'), qr.printFlyerButton.click()]);
    // The tab shows the PDF the dashboard fetched (with the token a plain link cannot carry).
    await expect.poll(() => tab.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    expect(served?.type).toBe('application/pdf');
    const bytes = served!.body;
    const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
    expect(pdf.numPages).toBe(1);
    const content = await (await pdf.getPage(1)).getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      // A long stage name wraps onto two lines of the flyer: read it as one.
      .replace(/\s+/g, ' ');
    expect(text).toContain(link);
    expect(text).toContain(musician.name);
    expect(text).toContain(messages.flyerCallToAction);
  });

  test('a failed flyer says so, and the empty tab closes', async ({ page, context }) => {
    await page.route('**/api/qr-flyer**', (route) =>
      route.fulfill({ status: 500, json: { detail: 'boom' } }),
    );
    const qr = new DesignTab(page);
    const [tab] = await Promise.all([context.waitForEvent('page'), qr.printFlyerButton.click()]);
    await expect(
      page.getByRole('alert').filter({ hasText: messages.flyerPrintFailed }),
    ).toBeVisible();
    await expect.poll(() => tab.isClosed()).toBe(true);

    await qr.qrButton.click();
    await qr.qrDialog.getByRole('button', { name: 'Download flyer image' }).click();
    await expect(qr.qrDialog.getByRole('alert')).toHaveText(messages.flyerFailed);
  });

  test('an address phones cannot open: the QR modal and the Profile tab say so and how to fix it', async ({
    page,
  }) => {
    // The e2e server's PUBLIC_URL is http://127.0.0.1:<port>: an address of this computer only.
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/musician\//);
    await expect(page.getByText(messages.qrAddressLoopback)).toBeVisible();

    const qr = new DesignTab(page);
    await qr.qrButton.click();
    await expect(qr.qrDialog.getByText(messages.qrAddressLoopback)).toBeVisible();
    await expect(qr.qrDialog.getByText(messages.qrAddressLoopback)).toContainText('PUBLIC_URL');
  });
});
