/**
 * PROVISIONAL (issue 45): the card-payment shapes of brief-45-contract.md, until the lead's
 * shared/src schemas land on main; then these become imports from #shared and this file goes.
 */
export type CheckoutKind = 'tip' | 'request';
export type CheckoutSessionStatus = 'open' | 'paid' | 'refunded' | 'expired';

/** GET /api/payments/checkout/{session_id} */
export interface CheckoutStatusResponse {
  kind: CheckoutKind;
  status: CheckoutSessionStatus;
  amount: number;
}

/** POST /api/musicians/{slug}/card-tips */
export interface CreateCardTipBody {
  amount: number;
  request_id?: string | null;
  tipper_name: string;
  message: string;
}
export interface CheckoutCreated {
  checkout_url: string;
}

/** POST /api/requests with "paid": true */
export interface PaidRequestCreated extends CheckoutCreated {
  status_token: string;
  id: string;
}

/** GET /api/payments/account */
export type PaymentsMode = 'off' | 'own_account' | 'connect';
export interface PaymentsAccount {
  mode: PaymentsMode;
  card_payments_enabled: boolean;
  account_connected: boolean;
}

/** A request's money on the musician's screens; the requester's view adds 'awaiting'. */
export type RequestPayment = 'paid' | 'refunded' | null;
export type RequesterPayment = 'awaiting' | 'paid' | 'refunded' | null;

/** The public musician's card fields. */
export interface CardTipSettings {
  card_tips?: boolean;
  paid_request_price?: number | null;
}

/** A request's payment, read before SongRequest carries the field in shared/. */
export const requestPayment = (request: object): RequestPayment =>
  (request as { payment?: RequestPayment }).payment ?? null;
