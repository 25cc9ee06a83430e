import { messages } from '#shared/messages.ts';
import { SHOW_REPORT_CSV_HEADER, type ShowReport } from '#shared/schemas/show.ts';
import { csvText } from '#shared/song-csv.ts';
import { notFound } from '#server/http/errors.ts';
import { localDateTime } from '#server/downloads/local-time.ts';
import { moneyEvents, moneySummary } from '#server/money/money-events.ts';
import type { ShowReportRepository } from './show-report-repository.ts';
import type { ShowsRepository } from './shows-repository.ts';

/**
 * The show report: the set as played, with venue and date, for the musician's records and for
 * performing-rights setlist reports (BMI Live, ASCAP OnStage ask for exactly these).
 */
export function showReportService({
  shows,
  reports,
}: {
  shows: ShowsRepository;
  reports: ShowReportRepository;
}) {
  async function report(musicianId: string, showId: string): Promise<ShowReport> {
    const show = await shows.findOwned(musicianId, showId);
    if (!show) throw notFound(messages.showNotFound);
    const songs = await reports.playedSongs(musicianId, showId);
    const totals = await reports.totals(musicianId, showId);
    const money = moneySummary(moneyEvents(await reports.moneyRows(musicianId, showId)));
    return {
      show,
      performer: totals?.performer ?? '',
      songs,
      total_requests: Number(totals?.total_requests ?? 0),
      total_tips: Number(totals?.total_tips ?? 0),
      total_claimed: Number(totals?.total_claimed ?? 0),
      money,
    };
  }

  return {
    report,

    /** One line per song played; times on the clock of `timeZone`. */
    async csv(musicianId: string, showId: string, timeZone: string) {
      const { show, performer, songs } = await report(musicianId, showId);
      const performedOn = show.performed_on ?? localDateTime(show.date, timeZone).slice(0, 10);
      const rows = songs.map((song, index) => [
        performedOn,
        show.venue_name,
        show.venue_address,
        performer,
        String(index + 1),
        localDateTime(song.played_at, timeZone),
        song.song_title,
        song.song_artist,
        song.songwriter,
        String(song.request_count),
        song.tips.toFixed(2),
        song.tips_claimed.toFixed(2),
      ]);
      return { show, csv: csvText([SHOW_REPORT_CSV_HEADER, ...rows]) };
    },
  };
}

export type ShowReportService = ReturnType<typeof showReportService>;
