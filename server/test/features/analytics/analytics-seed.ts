import type { FastifyInstance } from 'fastify';
import {
  createSong,
  paymentApps,
  registerMusician,
  sendReceivedTip,
  setRequestStatus,
  submitRequest,
  updateProfile,
  type TestMusician,
} from '#server-test/helpers/factories.ts';

export const TZ = 'America/New_York';

/** Moves a request to `daysAgo` local days before today, at `time` on the clock of `timeZone`. */
export async function requestAt(
  app: FastifyInstance,
  requestId: string,
  daysAgo: number,
  time: string,
  timeZone = TZ,
): Promise<void> {
  await app.database.kysely
    .updateTable('requests')
    .set({ createdAt: zonedInstant(localDate(daysAgo, timeZone), time, timeZone) })
    .where('id', '=', requestId)
    .execute();
}

/** How far the clock of `timeZone` is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant the clock of `timeZone` reads `time` ('HH:MM') on `day` ('YYYY-MM-DD'). */
function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The offset at the wall time read as UTC, then again at the instant it gives (an offset
  // change between the two moves it once more).
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

/** Today's date (YYYY-MM-DD) `daysAgo` days back, on the clock of `timeZone`. */
export function localDate(daysAgo: number, timeZone = TZ): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
}

/**
 * Three requesters, five requests over three days (New York days), two with tips (payment-app
 * tips on the request, marked received: money that arrived):
 * - 2 days ago 23:30: Ann, Wonderwall, $5 (already the next day in UTC)
 * - yesterday 12:00: Annie (ANN@ the same email, a later name), Valerie; Bob, Wonderwall, $10
 * - today 09:00 and 12:00: Bob, Wonderwall; Cy, Jolene
 */
export async function seedEvening(app: FastifyInstance): Promise<TestMusician> {
  const musician = await registerMusician(app);
  await updateProfile(app, musician, paymentApps());
  const wonderwall = await createSong(app, musician);
  const valerie = await createSong(app, musician, { title: 'Valerie', artist: 'Amy Winehouse' });
  const jolene = await createSong(app, musician, { title: 'Jolene', artist: 'Dolly Parton' });
  const plan = [
    { song: wonderwall, name: 'Ann', email: 'ann@example.com', tip: 5, daysAgo: 2, at: '23:30' },
    { song: valerie, name: 'Annie', email: 'ANN@example.com', tip: 0, daysAgo: 1, at: '12:00' },
    { song: wonderwall, name: 'Bob', email: 'bob@example.com', tip: 10, daysAgo: 1, at: '12:00' },
    { song: wonderwall, name: 'Bob', email: 'bob@example.com', tip: 0, daysAgo: 0, at: '09:00' },
    { song: jolene, name: 'Cy', email: 'cy@example.com', tip: 0, daysAgo: 0, at: '12:00' },
  ];
  for (const step of plan) {
    const created = await submitRequest(app, step.song, {
      requester_name: step.name,
      requester_email: step.email,
    });
    if (step.tip > 0) {
      await sendReceivedTip(app, musician, {
        amount: step.tip,
        tipper_name: step.name,
        request_id: created.id,
      });
    }
    await requestAt(app, created.id, step.daysAgo, step.at);
    // Played, so the next request of the same song is a request of its own, not a +1.
    await setRequestStatus(app, musician, created.id, 'played');
  }
  return musician;
}
