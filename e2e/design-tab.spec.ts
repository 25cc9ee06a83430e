import sharp from 'sharp';
import { messages } from '#shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { VALERIE } from './support/songs.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { DesignTab } from './pages/design-tab.ts';

test('colour scheme and layout: an open audience page follows live', async ({
  page,
  browser,
  dashboard,
  signedInMusician,
}) => {
  const musician = await signedInMusician({ songs: [VALERIE] });

  // A wide audience page: the layout toggle and grid show there, not on a phone.
  const phone = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const audiencePage = await phone.newPage();
  const audience = new AudiencePage(audiencePage);
  await audience.goto(musician.slug);
  await expect(audience.song('Valerie')).toBeVisible();
  await expect(audiencePage.locator('html')).toHaveAttribute('data-scheme', 'purple');
  await expect(audience.list).toHaveClass(/song-list-grid/);

  await dashboard.tab('Design').click();
  const design = new DesignTab(page);
  await expect(design.scheme('Purple')).toBeChecked();
  await expect(design.save).toBeDisabled();
  await design.scheme('Green').check();
  await design.layout('List').check();
  await expect(design.preview.locator('.preview-list')).toBeVisible();
  await design.save.click();
  await expect(design.status).toHaveText(messages.designSaved);

  await expect(audiencePage.locator('html')).toHaveAttribute('data-scheme', 'green');
  await expect(audience.list).toHaveClass(/song-list-list/);

  // Saved: a reload of the dashboard shows it.
  await page.reload();
  await expect(design.scheme('Green')).toBeChecked();
  await expect(design.layout('List')).toBeChecked();
  await phone.close();
});

test('the cards’ flags and tips: saved where the audience page reads them', async ({
  page,
  request,
  signedInMusician,
}) => {
  const musician = await signedInMusician({ tab: 'Design' });
  const design = new DesignTab(page);
  await design.flag('Show the year on song cards').uncheck();
  await design.flag('Take tips').uncheck();
  await design.save.click();
  await expect(design.status).toHaveText(messages.designSaved);

  const pub = await request.get(`/api/musicians/${musician.slug}/design`);
  expect(await pub.json()).toMatchObject({ show_year: false });
  const profile = await request.get(`/api/musicians/${musician.slug}`);
  expect(await profile.json()).toMatchObject({ tips_enabled: false });
});

test('artist photo: uploaded, shown on the audience page; over 2MB refused', async ({
  page,
  browser,
  signedInMusician,
}) => {
  const musician = await signedInMusician({ tab: 'Design' });
  const design = new DesignTab(page);

  // Refused in the browser: over 2MB, and not a JPG or PNG.
  await design.photoInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
  });
  await expect(design.error).toHaveText(messages.imageTooLarge);
  await expect(design.save).toBeDisabled();
  await design.photoInput.setInputFiles({
    name: 'anim.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(design.error).toHaveText(messages.imageWrongType);

  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#2a7' },
  })
    .jpeg()
    .toBuffer();
  await design.photoInput.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(design.photoPreview).toBeVisible();
  await expect(design.error).toHaveCount(0);
  await design.save.click();
  await expect(design.status).toHaveText(messages.designSaved);
  await expect(design.photoPreview).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]+\.webp$/);

  const phone = await browser.newContext();
  const audiencePage = await phone.newPage();
  await new AudiencePage(audiencePage).goto(musician.slug);
  const avatar = audiencePage.locator('.audience-header img.avatar');
  await expect(avatar).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]+\.webp$/);
  await expect
    .poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(512);
  await phone.close();
});

test('a photo the server refuses shows its reason', async ({ page, signedInMusician }) => {
  await signedInMusician({ tab: 'Design' });
  const design = new DesignTab(page);
  // Named and typed as a PNG, but not one: only the server can tell.
  await design.photoInput.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('definitely not a png'),
  });
  await design.save.click();
  await expect(design.error).toHaveText(messages.imageUnreadable);
});
