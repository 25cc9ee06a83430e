import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { JOLENE } from './support/songs.ts';
import { requestAs } from './pages/analytics-tab.ts';
import { setRequestStatusByApi } from './support/requests.ts';

test.describe('show report', () => {
  test('starts a show with its venue, then exports the set as played as CSV', async ({
    page,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [JOLENE], tab: 'Requests' });
    const [jolene] = musician.songIds;
    await page.getByRole('button', { name: 'Start a Show' }).click();
    await page.getByLabel('Show name').fill('Friday at the Blue Note');
    await page.getByLabel('Venue name (optional)').fill('The Blue Note');
    await page.getByLabel('Venue address (optional)').fill('131 W 3rd St, New York, NY');
    await page.getByLabel('Performance date (optional)').fill('2025-06-21');
    await page.getByRole('button', { name: 'Start Show' }).click();
    await expect(page.getByText('Live: Friday at the Blue Note')).toBeVisible();

    const first = await requestAs(request, jolene, { name: 'Ann', email: 'a@example.com', tip: 5 });
    const second = await requestAs(request, jolene, { name: 'Bo', email: 'b@example.com' });
    await setRequestStatusByApi(request, musician.token, first, 'played');
    await setRequestStatusByApi(request, musician.token, second, 'played');

    await page.getByRole('button', { name: 'Report of show Friday at the Blue Note' }).click();
    const report = page.getByRole('dialog', { name: 'Show report: Friday at the Blue Note' });
    await expect(report.getByText('The Blue Note', { exact: true })).toBeVisible();
    await expect(report.getByText('June 21, 2025')).toBeVisible();
    const row = report.getByRole('row').filter({ hasText: 'Jolene' });
    await expect(row).toContainText('Dolly Parton');
    // Ann's $5 is only claimed: it shows apart from money received.
    await expect(row).toContainText('$5.00');
    await expect(report.getByLabel('Money')).toContainText('Claimed only$5.00');

    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('show-report-friday-at-the-blue-note-2025-06-21.csv');
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(
      'Performance date,Venue,Venue address,Performer,Order,Time played,Song,Artist,Songwriter,Requests,Tips received,Tips claimed',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^2025-06-21,The Blue Note,"131 W 3rd St, New York, NY",${musician.name},1,[0-9: -]+,Jolene,Dolly Parton,,2,0\\.00,5\\.00$`,
      ),
    );
    expect(lines).toHaveLength(3);

    await report.getByRole('button', { name: 'Edit venue and date' }).click();
    await report.getByLabel('Venue name (optional)').fill('Cafe Wha?');
    await report.getByRole('button', { name: 'Save details' }).click();
    await expect(dashboard.toast).toHaveText('Show details saved');
    await expect(report.getByText('Cafe Wha?', { exact: true })).toBeVisible();
  });
});
