import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { messages } from '#shared/messages.ts';
import {
  ANALYTICS_PERIODS,
  DAILY_VIEWS,
  digitalTipsPercent,
  type AnalyticsPeriod,
  type DailyView,
} from '#shared/schemas/analytics.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { analyticsApi } from './analytics-api.ts';
import { PERIOD_LABELS, readStoredPeriod, storePeriod } from './analytics-period.ts';
import { dollars } from './analytics-format.ts';
import { DailyTable } from './DailyTable.tsx';
import { MoneyTotals } from './MoneyTotals.tsx';
import { browserTimeZone } from '#client/lib/download-file.ts';
import { TopLists } from './TopLists.tsx';
import { useAnalytics } from './use-analytics.ts';
import './analytics.css';

// The chart library is downloaded only when this tab draws a chart.
const DailyChart = lazy(() => import('./DailyChart.tsx'));

const PERIODS = Object.keys(ANALYTICS_PERIODS) as AnalyticsPeriod[];

interface AnalyticsTabProps {
  /** Shown below the figures: the dashboard puts the insights feature's Learn Next panel here. */
  footer?: ReactNode;
}

/** The Analytics tab: what the audience asked for, in the period the musician picks. */
export function AnalyticsTab({ footer }: AnalyticsTabProps) {
  const timeZone = useMemo(() => browserTimeZone(), []);
  const [period, setPeriod] = useState<AnalyticsPeriod>(() => readStoredPeriod(localStorage));
  const [view, setView] = useState<DailyView>('weekly');
  const { busy: exporting, run } = useBusy();
  const [exportError, setExportError] = useState<string | undefined>();
  const days = ANALYTICS_PERIODS[period];
  const summary = useAnalytics(days, timeZone);
  const daily = useAnalytics(DAILY_VIEWS[view], timeZone);

  function choose(next: AnalyticsPeriod) {
    setPeriod(next);
    storePeriod(localStorage, next);
  }

  const exportCsv = (which: 'exportRequesters' | 'exportPayments') =>
    run(async () => {
      setExportError(undefined);
      try {
        await analyticsApi[which](days, timeZone);
      } catch (error) {
        setExportError(errorMessage(error, messages.analyticsExportFailed));
      }
    });

  return (
    <div className="stack analytics">
      <div className="analytics-toolbar">
        <div className="field">
          <label htmlFor="analytics-period">Period</label>
          <select
            id="analytics-period"
            value={period}
            onChange={(event) => choose(event.target.value as AnalyticsPeriod)}
          >
            {PERIODS.map((value) => (
              <option key={value} value={value}>
                {PERIOD_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="analytics-export-buttons">
          <button
            type="button"
            className="button button-secondary"
            disabled={exporting}
            onClick={() => void exportCsv('exportRequesters')}
          >
            Export requesters (CSV)
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={exporting}
            onClick={() => void exportCsv('exportPayments')}
          >
            Download payments (CSV)
          </button>
        </div>
      </div>
      <StatusMessage tone="error">{exportError}</StatusMessage>

      {summary.status === 'loading' ? (
        <LoadingState label="Loading analytics" />
      ) : summary.status === 'failed' ? (
        <LoadFailed
          onRetry={() => {
            summary.retry();
            daily.retry();
          }}
        />
      ) : (
        <>
          <section className="analytics-totals" aria-label="Totals">
            <Total label="Total requests" value={String(summary.data.totals.total_requests)} />
            <Total
              label="Unique requesters"
              value={String(summary.data.totals.unique_requesters)}
            />
            <Total
              label="Requests with tips"
              value={String(summary.data.totals.requests_with_tips)}
            />
            <Total
              label="Digital tips"
              value={`${digitalTipsPercent(summary.data.totals)}%`}
              hint={`${dollars(summary.data.totals.total_tips)} in tips received`}
            />
          </section>
          <MoneyTotals money={summary.data.money} />
          {summary.data.totals.total_requests === 0 && (
            <p className="muted">{messages.analyticsNoRequests}</p>
          )}
          <TopLists songs={summary.data.top_songs} requesters={summary.data.top_requesters} />
        </>
      )}

      <section className="card analytics-daily" aria-labelledby="analytics-daily-title">
        <div className="analytics-section-head">
          <h3 id="analytics-daily-title">Daily requests</h3>
          <div className="segmented" role="group" aria-label="Daily view">
            {(Object.keys(DAILY_VIEWS) as DailyView[]).map((value) => (
              <button
                key={value}
                type="button"
                className="button button-small"
                aria-pressed={view === value}
                onClick={() => setView(value)}
              >
                {value === 'weekly' ? 'Weekly' : 'Monthly'}
              </button>
            ))}
          </div>
        </div>
        {daily.status === 'loading' ? (
          <LoadingState label="Loading the daily view" />
        ) : daily.status === 'failed' ? (
          // One alert when both failed: the one above retries both.
          summary.status === 'failed' ? (
            <p className="muted">Shown once the analytics load.</p>
          ) : (
            <LoadFailed onRetry={daily.retry} />
          )
        ) : (
          <>
            <Suspense fallback={<LoadingState label="Drawing the chart" />}>
              <DailyChart days={daily.data.daily} />
            </Suspense>
            <DailyTable days={daily.data.daily} />
          </>
        )}
      </section>
      {footer}
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="card analytics-load-failed">
      <p>{messages.analyticsLoadFailed}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

function Total({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="card analytics-total">
      <p className="analytics-total-label">{label}</p>
      <p className="analytics-total-value">{value}</p>
      {hint && <p className="analytics-total-hint muted">{hint}</p>}
    </div>
  );
}
