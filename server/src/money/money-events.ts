/**
 * The musician's money as events, each what it is (issue 45): a card payment Stripe reported
 * paid (or refunded since), a payment-app tip the musician marked received, and what is only
 * claimed. The Analytics tab, the show report and the payments CSV all read money from here, so
 * a claim is never added to money that arrived.
 */
import type { MoneyEventKind, MoneyEventStatus, MoneySummary } from '#shared/schemas/analytics.ts';

/** Money in whole cents, so sums are exact (numeric(10,2) is read as text such as '12.50'). */
const cents = (amount: string | number): number => Math.round(Number(amount) * 100);
const dollars = (amountCents: number) => amountCents / 100;

/** A tips row: a payment-app tip (received or only claimed), or a card tip's (its payment's). */
export interface MoneyTipRow {
  id: string;
  amount: string;
  platform: string;
  tipperName: string;
  message: string;
  createdAt: Date;
  receivedAt: Date | null;
  songTitle: string | null;
  songArtist: string | null;
}

/**
 * A request whose claimed tip_amount may hold more than its tips. Its tip_amount adds up every
 * claim on it (its requester's and +1s' word, the app tips sent after it) and its card tips; its
 * tip_received, the app tips marked received and its card tips. What is left once the app tips
 * still claimed (each its own event) are taken off is its people's own word.
 */
export interface MoneyClaimRow {
  songTitle: string;
  songArtist: string;
  requesterName: string;
  tipAmount: string;
  tipReceived: string;
  /** The app tips on it not marked received, summed. */
  tipsClaimed: string | number | null;
  createdAt: Date;
}

/** A card payment (only those that went through, paid or refunded since, are money). */
export interface MoneyPaymentRow {
  kind: string;
  amount: string;
  fee: string | null;
  status: string;
  tipperName: string;
  message: string;
  paidAt: Date | null;
  createdAt: Date;
  songTitle: string | null;
  songArtist: string | null;
}

export interface MoneyRows {
  tips: MoneyTipRow[];
  claims: MoneyClaimRow[];
  payments: MoneyPaymentRow[];
}

export interface MoneyEvent {
  at: Date;
  kind: MoneyEventKind;
  amountCents: number;
  /** Stripe's fee; null when not a card payment or not known yet. */
  feeCents: number | null;
  status: MoneyEventStatus;
  /** 'card', a payment app's id, or '' for a claim made with a request (no app named). */
  platform: string;
  song: string;
  tipperName: string;
  message: string;
}

const songOf = (title: string | null, artist: string | null) =>
  !title ? '' : artist ? `${title} — ${artist}` : title;

const MONEY_STATUSES = new Set(['paid', 'refunded']);

/** The rows as events, oldest first. Open and expired payments moved no money: left out. */
export function moneyEvents({ tips, claims, payments }: MoneyRows): MoneyEvent[] {
  const events: MoneyEvent[] = [];
  for (const payment of payments) {
    if (!MONEY_STATUSES.has(payment.status)) continue;
    events.push({
      at: payment.paidAt ?? payment.createdAt,
      kind: payment.kind === 'request' ? 'paid_request' : 'card_tip',
      amountCents: cents(payment.amount),
      feeCents: payment.fee === null ? null : cents(payment.fee),
      status: payment.status as MoneyEventStatus,
      platform: 'card',
      song: songOf(payment.songTitle, payment.songArtist),
      tipperName: payment.tipperName,
      message: payment.message,
    });
  }
  for (const tip of tips) {
    // A card tip's row mirrors its payment, which is counted (with its fee and any refund).
    if (tip.platform === 'card') continue;
    const received = tip.receivedAt !== null;
    events.push({
      at: tip.createdAt,
      kind: received ? 'app_tip_received' : 'app_tip_claimed',
      amountCents: cents(tip.amount),
      feeCents: null,
      status: received ? 'received' : 'claimed',
      platform: tip.platform,
      song: songOf(tip.songTitle, tip.songArtist),
      tipperName: tip.tipperName,
      message: tip.message,
    });
  }
  for (const claim of claims) {
    const beyond =
      cents(claim.tipAmount) - cents(claim.tipReceived) - cents(claim.tipsClaimed ?? 0);
    if (beyond <= 0) continue;
    events.push({
      at: claim.createdAt,
      kind: 'app_tip_claimed',
      amountCents: beyond,
      feeCents: null,
      status: 'claimed',
      platform: '',
      song: songOf(claim.songTitle, claim.songArtist),
      tipperName: claim.requesterName,
      message: '',
    });
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const isCard = (event: MoneyEvent) => event.kind === 'card_tip' || event.kind === 'paid_request';

/**
 * What the musician keeps of one event, in cents: a card payment less Stripe's fee (a refunded
 * one costs its fee: Stripe keeps it), an app tip received in full, a claim nothing.
 */
export function netCents(event: MoneyEvent): number {
  const fee = event.feeCents ?? 0;
  if (event.status === 'refunded') return -fee;
  if (event.status === 'claimed') return 0;
  return event.amountCents - fee;
}

/** The events added up, each kind apart (MoneySummary in shared/). */
export function moneySummary(events: readonly MoneyEvent[]): MoneySummary {
  let card = 0;
  let app = 0;
  let claimed = 0;
  let refunded = 0;
  let fees = 0;
  let withoutFee = 0;
  for (const event of events) {
    if (event.status === 'claimed') claimed += event.amountCents;
    else if (event.status === 'refunded') refunded += event.amountCents;
    else if (isCard(event)) card += event.amountCents;
    else app += event.amountCents;
    if (!isCard(event)) continue;
    if (event.feeCents === null) withoutFee += 1;
    else fees += event.feeCents;
  }
  return {
    received: dollars(card + app),
    received_by_card: dollars(card),
    received_by_app: dollars(app),
    claimed: dollars(claimed),
    refunded: dollars(refunded),
    fees: dollars(fees),
    net: dollars(card + app - fees),
    payments_without_fee: withoutFee,
  };
}
