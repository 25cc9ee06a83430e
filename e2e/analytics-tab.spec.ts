import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { WONDERWALL, YELLOW } from './support/songs.ts';
import { AnalyticsTab, receivedTipOn, requestAs } from './pages/analytics-tab.ts';
import { updateProfileByApi } from './support/musicians.ts';

test.describe('dashboard Analytics tab', () => {
  test('shows totals, top lists and the daily chart, and exports the requesters', async ({
    page,
    request,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [WONDERWALL, YELLOW] });
    const [wonderwall, yellow] = musician.songIds;
    await updateProfileByApi(request, musician.token, {
      tips_enabled: true,
      venmo_username: 'band-venmo',
    });
    // Each tip claimed with the request counts only once a tip on it is marked received.
    const ann = await requestAs(request, wonderwall, {
      name: 'Ann',
      email: 'ann@example.com',
      tip: 5,
    });
    await receivedTipOn(request, musician, ann, { amount: 5, tipperName: 'Ann' });
    await requestAs(request, yellow, { name: 'Ann', email: 'ann@example.com' });
    await requestAs(request, wonderwall, { name: 'Bob, Jr.', email: 'bob@example.com', tip: 9 });
    const cy = await requestAs(request, wonderwall, {
      name: '=SUM(1)',
      email: 'cy@example.com',
      tip: 3,
    });
    await receivedTipOn(request, musician, cy, { amount: 3, tipperName: '=SUM(1)' });

    // The chart library is fetched only when the Analytics tab opens.
    const chartRequests: string[] = [];
    page.on('request', (sent) => {
      if (/DailyChart-.*\.js$/.test(sent.url())) chartRequests.push(sent.url());
    });
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Analytics', exact: true })).toBeVisible();
    expect(chartRequests).toEqual([]);

    const analytics = new AnalyticsTab(page);
    await analytics.open();
    await expect(analytics.period).toHaveValue('alltime');
    await expect(analytics.total('Total requests')).toHaveText('4');
    await expect(analytics.total('Unique requesters')).toHaveText('3');
    await expect(analytics.total('Requests with tips')).toHaveText('2');
    await expect(analytics.total('Digital tips')).toHaveText('50%');
    await expect(analytics.topSongs.getByRole('listitem').first()).toContainText('Wonderwall');
    await expect(analytics.topSongs.getByRole('listitem').first()).toContainText('3');
    await expect(analytics.topRequesters.getByRole('row').nth(1)).toContainText('Ann');
    await expect(analytics.topRequesters.getByRole('row').nth(1)).toContainText('$5.00');
    await expect(analytics.chart.first()).toBeVisible();
    expect(chartRequests).toHaveLength(1);
    await analytics.monthlyButton.click();
    await expect(analytics.monthlyButton).toHaveAttribute('aria-pressed', 'true');
    await expect(analytics.chart.first()).toBeVisible();
    await page.getByText('Show as a table').click();
    await expect(page.getByRole('table').last().getByRole('row')).toHaveCount(31);

    const downloading = page.waitForEvent('download');
    await analytics.exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('requesters.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Name,Email,Requests,Total tips,First request,Last request');
    expect(lines[1]).toMatch(/^Ann,ann@example\.com,2,5\.00,/);
    expect(lines[2]).toMatch(/^'=SUM\(1\),cy@example\.com,1,3\.00,/);
    expect(lines[3]).toMatch(/^"Bob, Jr\.",bob@example\.com,1,0\.00,/);

    // A tablet turned upright: the chart drawn at the wider width does not keep the page wide.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
      .toBeLessThanOrEqual(390);
  });

  test('keeps the period in localStorage and resets old stored values', async ({
    page,
    signedInMusician,
  }) => {
    await signedInMusician();
    const analytics = new AnalyticsTab(page);
    await analytics.open();
    await analytics.period.selectOption('last3months');
    expect(await page.evaluate(() => localStorage.getItem('analytics_period'))).toBe('last3months');
    await page.reload();
    await expect(analytics.period).toHaveValue('last3months');

    // A period picked now, last 7 days included, is kept when the tab opens again.
    await analytics.period.selectOption('last7days');
    await page.getByRole('tab', { name: 'Songs', exact: true }).click();
    await analytics.open();
    await expect(analytics.period).toHaveValue('last7days');
    await page.reload();
    await expect(analytics.period).toHaveValue('last7days');

    // As an older build left it: the value alone, without this build's marker.
    await page.evaluate(() => {
      localStorage.setItem('analytics_period', 'last7days');
      localStorage.removeItem('analytics_period_current');
    });
    await page.reload();
    await expect(analytics.period).toHaveValue('alltime');
    expect(await page.evaluate(() => localStorage.getItem('analytics_period'))).toBe('alltime');
    await expect(analytics.total('Total requests')).toHaveText('0');
    await expect(page.getByText('No requests in this period yet.')).toBeVisible();
  });

  test('says when the analytics cannot be loaded, and Retry loads them', async ({
    page,
    signedInMusician,
  }) => {
    await signedInMusician();
    await page.route('**/api/analytics/daily**', (route) => route.abort());
    const analytics = new AnalyticsTab(page);
    await analytics.open();
    await expect(analytics.loadFailed).toContainText('Error loading analytics. Please try again.');
    await expect(page.getByText('Loading analytics', { exact: true })).toBeHidden();

    await page.unroute('**/api/analytics/daily**');
    await analytics.loadFailed.getByRole('button', { name: 'Retry' }).click();
    await expect(analytics.total('Total requests')).toHaveText('0');
    await expect(analytics.loadFailed).toBeHidden();
  });
});
