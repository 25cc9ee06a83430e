import { plural } from '#shared/fill-message.ts';
import type { ShowReport } from '#shared/schemas/show.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** "2025-06-21" -> "June 21, 2025" (a calendar date: no time-zone shift). */
function calendarDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

/** The printable report: the only part of the page the print stylesheet keeps. */
export function ShowReportSheet({ report }: { report: ShowReport }) {
  const { show } = report;
  const performedOn = show.performed_on
    ? calendarDate(show.performed_on)
    : new Date(show.date).toLocaleDateString('en-US', { dateStyle: 'long' });

  return (
    <article className="show-report-sheet" aria-label="Set as played">
      <header className="show-report-head">
        <p className="show-report-title">{show.name}</p>
        <dl className="details">
          <dt>Performer</dt>
          <dd>{report.performer}</dd>
          <dt>Date</dt>
          <dd>{performedOn}</dd>
          <dt>Venue</dt>
          <dd>{show.venue_name || '—'}</dd>
          <dt>Address</dt>
          <dd>{show.venue_address || '—'}</dd>
        </dl>
      </header>
      {report.songs.length === 0 ? (
        <p className="muted">No song of this show was marked played.</p>
      ) : (
        <div className="table-scroll">
          <table className="show-report-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Time</th>
                <th scope="col">Song</th>
                <th scope="col">Songwriter</th>
                <th scope="col">Requests</th>
                <th scope="col">Tips received</th>
                <th scope="col">Claimed only</th>
              </tr>
            </thead>
            <tbody>
              {report.songs.map((song, index) => (
                <tr key={`${song.song_title}\u0000${song.song_artist}`}>
                  <td className="numeric">{index + 1}</td>
                  <td className="nowrap">{time(song.played_at)}</td>
                  <td>
                    <strong>{song.song_title}</strong>
                    <br />
                    <span className="muted">{song.song_artist}</span>
                  </td>
                  <td>{song.songwriter || '—'}</td>
                  <td className="numeric">{song.request_count}</td>
                  <td className="numeric">{dollars(song.tips)}</td>
                  <td className="numeric">{dollars(song.tips_claimed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="show-report-totals">
        {plural(report.songs.length, 'song', 'songs')} played ·{' '}
        {plural(report.total_requests, 'request', 'requests')}
      </p>
      <ShowMoney report={report} />
    </article>
  );
}

/**
 * The show's money: what arrived apart from what is only claimed (a claim is the phone's word),
 * and refunds and Stripe's fees when there are any.
 */
function ShowMoney({ report }: { report: ShowReport }) {
  const { money } = report;
  const card = money.received_by_card > 0 || money.refunded > 0 || money.fees > 0;
  return (
    <dl className="details show-report-money" aria-label="Money">
      <dt>Received</dt>
      <dd>
        {dollars(money.received)}
        {card && ` (${dollars(money.received_by_card)} by card)`}
      </dd>
      <dt>Claimed only</dt>
      <dd>{dollars(money.claimed)}</dd>
      {money.refunded > 0 && (
        <>
          <dt>Refunded</dt>
          <dd>{dollars(money.refunded)}</dd>
        </>
      )}
      {card && (
        <>
          <dt>Stripe fees</dt>
          <dd>{dollars(money.fees)}</dd>
          <dt>Net</dt>
          <dd>{dollars(money.net)}</dd>
        </>
      )}
    </dl>
  );
}
