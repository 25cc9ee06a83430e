import { api } from '#client/lib/api-client.ts';
import { DailyAnalyticsResponse } from '#shared/schemas/analytics.ts';
import { daysQuery } from './analytics-period.ts';
import { downloadApiFile } from '#client/lib/download-file.ts';

export const analyticsApi = {
  daily: (days: number | null, timeZone: string) =>
    api.get(`/analytics/daily${daysQuery(days, timeZone)}`, DailyAnalyticsResponse),
  exportRequesters: (days: number | null, timeZone: string) =>
    downloadApiFile(`/analytics/export-requesters${daysQuery(days, timeZone)}`, 'requesters.csv'),
  exportPayments: (days: number | null, timeZone: string) =>
    downloadApiFile(`/analytics/export-payments${daysQuery(days, timeZone)}`, 'payments.csv'),
};
