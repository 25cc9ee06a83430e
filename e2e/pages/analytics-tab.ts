import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { postRequestProving } from '../support/requests.ts';

/** The dashboard's Analytics tab. */
export class AnalyticsTab {
  readonly page: Page;
  readonly period: Locator;
  readonly totals: Locator;
  readonly topSongs: Locator;
  readonly topRequesters: Locator;
  readonly chart: Locator;
  readonly exportButton: Locator;
  readonly monthlyButton: Locator;
  /** The alert shown when the totals could not be loaded, with its Retry button. */
  readonly loadFailed: Locator;

  constructor(page: Page) {
    this.page = page;
    this.period = page.getByRole('combobox', { name: 'Period' });
    this.totals = page.getByRole('region', { name: 'Totals' });
    this.topSongs = page.getByRole('region', { name: 'Top songs' });
    this.topRequesters = page.getByRole('region', { name: 'Top requesters' });
    this.chart = page.getByTestId('daily-chart').locator('canvas');
    this.exportButton = page.getByRole('button', { name: 'Export requesters (CSV)' });
    this.monthlyButton = page.getByRole('button', { name: 'Monthly' });
    this.loadFailed = page.getByRole('alert').filter({ hasText: 'Error loading analytics' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Analytics', exact: true }).click();
  }

  /** The value shown under a total's label ("Total requests", "Digital tips", ...). */
  total(label: string): Locator {
    return this.totals
      .locator('.analytics-total')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('.analytics-total-value');
  }
}

/** An audience request with a chosen requester, as a phone sends it. */
export async function requestAs(
  request: APIRequestContext,
  songId: string,
  requester: { name: string; email: string; tip?: number },
): Promise<string> {
  const filed = await postRequestProving(request, {
    song_id: songId,
    requester_name: requester.name,
    requester_email: requester.email,
    dedication: '',
    tip_amount: requester.tip ?? 0,
  });
  return (filed as { id: string }).id;
}

/**
 * A payment-app tip on a request, marked received by the musician: money that arrived, which
 * analytics counts (a tip only claimed, like a request's own tip_amount, counts nothing).
 */
export async function receivedTipOn(
  request: APIRequestContext,
  musician: { token: string; slug: string },
  requestId: string,
  tip: { amount: number; tipperName: string },
): Promise<void> {
  const sent = await request.post(`/api/musicians/${musician.slug}/tips`, {
    data: {
      amount: tip.amount,
      platform: 'venmo',
      tipper_name: tip.tipperName,
      request_id: requestId,
    },
  });
  if (sent.status() !== 201) {
    throw new Error(`tip failed: ${sent.status()} ${await sent.text()}`);
  }
  const { id } = (await sent.json()) as { id: string };
  const received = await request.put(`/api/tips/${id}/received`, {
    headers: { authorization: `Bearer ${musician.token}` },
    data: {},
  });
  if (received.status() !== 200) {
    throw new Error(`received failed: ${received.status()} ${await received.text()}`);
  }
}
