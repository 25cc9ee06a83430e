import type { DailyCount } from '#shared/schemas/analytics.ts';
import { dollars, longDay } from './analytics-format.ts';

/** The chart's numbers as a table: for screen readers, and for anyone who wants exact counts. */
export function DailyTable({ days }: { days: DailyCount[] }) {
  return (
    <details className="analytics-daily-table">
      <summary>Show as a table</summary>
      <div className="table-scroll">
        <table className="analytics-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Requests</th>
              <th scope="col">With tips</th>
              <th scope="col">Tips received</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{longDay(day.date)}</td>
                <td className="numeric">{day.requests}</td>
                <td className="numeric">{day.requests_with_tips}</td>
                <td className="numeric">{dollars(day.tips)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
