/**
 * The Analytics tab's figures, worked out from the rows of the period: each request and +1 with
 * the tips credited to it (tip-crediting.ts) and the tips sent with no request (the page's header
 * Tip button), each on its local day.
 */
import type { AnalyticsTotals, DailyCount, Requester, TopSong } from '#shared/schemas/analytics.ts';
import type { AnalyticsRows } from './analytics-repository.ts';
import { addDays, type LocalDay } from './local-day.ts';
import { creditTips, toCents } from './tip-crediting.ts';

/** One counted row: a request or +1 (`isRequest`), or a tip sent with no request. */
export interface CountedRow {
  isRequest: boolean;
  songTitle: string;
  songArtist: string;
  requesterName: string;
  /** Null for a tip sent with no request. */
  requesterEmail: string | null;
  tipCents: number;
  createdAt: Date;
  day: LocalDay;
}

const dollars = (cents: number) => cents / 100;

/** Text order as the databases compare it here (C collation, SQLite's BINARY): by code unit. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function totalsOf(rows: readonly CountedRow[]): AnalyticsTotals {
  const emails = new Set<string>();
  let requests = 0;
  let withTips = 0;
  let cents = 0;
  for (const row of rows) {
    cents += row.tipCents;
    if (row.requesterEmail !== null) emails.add(row.requesterEmail.toLowerCase());
    if (!row.isRequest) continue;
    requests += 1;
    if (row.tipCents > 0) withTips += 1;
  }
  return {
    total_requests: requests,
    unique_requesters: emails.size,
    requests_with_tips: withTips,
    total_tips: dollars(cents),
  };
}

/**
 * One entry per day from `first` to `today`, zero days included, oldest first. `first` null
 * (all time): from the day of the earliest row; no rows then means no days.
 */
export function dailyOf(
  rows: readonly CountedRow[],
  first: LocalDay | null,
  today: LocalDay,
): DailyCount[] {
  const start =
    first ?? rows.reduce<LocalDay | null>((a, r) => (a && a <= r.day ? a : r.day), null);
  if (start === null) return [];
  const days = new Map<LocalDay, { requests: number; withTips: number; cents: number }>();
  for (let day = start; day <= today; day = addDays(day, 1)) {
    days.set(day, { requests: 0, withTips: 0, cents: 0 });
  }
  for (const row of rows) {
    const day = days.get(row.day);
    if (!day) continue;
    day.cents += row.tipCents;
    if (!row.isRequest) continue;
    day.requests += 1;
    if (row.tipCents > 0) day.withTips += 1;
  }
  return [...days].map(([date, day]) => ({
    date,
    requests: day.requests,
    requests_with_tips: day.withTips,
    tips: dollars(day.cents),
  }));
}

/** Songs by requests, most first; a song is its title and artist as requested (any case). */
export function topSongsOf(rows: readonly CountedRow[], limit: number): TopSong[] {
  // Keyed by lower(title), NUL, lower(artist): the key's order is the order by both.
  const songs = new Map<string, { latest: CountedRow; count: number }>();
  for (const row of rows) {
    if (!row.isRequest) continue;
    const key = `${row.songTitle.toLowerCase()}\u0000${row.songArtist.toLowerCase()}`;
    const song = songs.get(key);
    if (!song) songs.set(key, { latest: row, count: 1 });
    else {
      song.count += 1;
      if (row.createdAt > song.latest.createdAt) song.latest = row;
    }
  }
  return [...songs]
    .sort(([a, x], [b, y]) => y.count - x.count || byText(a, b))
    .slice(0, limit)
    .map(([, song]) => ({
      song: song.latest.songTitle,
      artist: song.latest.songArtist,
      count: song.count,
    }));
}

/**
 * Requesters (one an email, any case) by requests, then tips, then email; the name is the
 * latest they used. `limit` null lists them all.
 */
export function requestersOf(rows: readonly CountedRow[], limit: number | null): Requester[] {
  const people = new Map<
    string,
    { latest: CountedRow; count: number; cents: number; first: Date }
  >();
  for (const row of rows) {
    if (!row.isRequest) continue;
    const email = (row.requesterEmail ?? '').toLowerCase();
    const person = people.get(email);
    if (!person) {
      people.set(email, { latest: row, count: 1, cents: row.tipCents, first: row.createdAt });
      continue;
    }
    person.count += 1;
    person.cents += row.tipCents;
    if (row.createdAt > person.latest.createdAt) person.latest = row;
    if (row.createdAt < person.first) person.first = row.createdAt;
  }
  const sorted = [...people]
    .sort(([a, x], [b, y]) => y.count - x.count || y.cents - x.cents || byText(a, b))
    .slice(0, limit ?? undefined);
  return sorted.map(([email, person]) => ({
    requester_name: person.latest.requesterName,
    email,
    request_count: person.count,
    total_tips: dollars(person.cents),
    first_request_at: person.first.toISOString(),
    last_request_at: person.latest.createdAt.toISOString(),
  }));
}

/**
 * The rows that count, each on its local day: the requests and +1s from `first` on (all of them
 * when null) with the tips credited to them (tip-crediting.ts), and the tips sent from `first` on
 * with no request.
 */
export function countedRows(
  { requests, voters, tips }: AnalyticsRows,
  first: LocalDay | null,
  dayOf: (at: Date) => LocalDay,
): CountedRow[] {
  // Only money that arrived: a request's tip_received is the sum of its tips marked received,
  // credited to its people below; a +1's own tip is a claim and counts nothing.
  const credited = creditTips(
    requests.map((row) => ({ ...row, tipCents: toCents(row.tipReceived) })),
    voters.map((row) => ({ ...row, tipCents: 0 })),
    tips.flatMap(({ requestId, amount, deviceId, tipperName }) =>
      requestId === null ? [] : [{ requestId, amountCents: toCents(amount), deviceId, tipperName }],
    ),
  );
  const songOf = new Map(requests.map((row) => [row.id, row]));
  const rows: CountedRow[] = [];
  const add = (row: Omit<CountedRow, 'day'>) => {
    const day = dayOf(row.createdAt);
    if (first === null || day >= first) rows.push({ ...row, day });
  };
  for (const row of requests) {
    add({ ...row, isRequest: true, tipCents: credited.request.get(row.id)! });
  }
  for (const row of voters) {
    const request = songOf.get(row.requestId)!;
    add({
      ...row,
      isRequest: true,
      songTitle: request.songTitle,
      songArtist: request.songArtist,
      tipCents: credited.voter.get(row.id)!,
    });
  }
  for (const tip of tips) {
    if (tip.requestId !== null) continue;
    add({
      isRequest: false,
      songTitle: '',
      songArtist: '',
      requesterName: tip.tipperName,
      requesterEmail: null,
      tipCents: toCents(tip.amount),
      createdAt: tip.createdAt,
    });
  }
  return rows;
}
