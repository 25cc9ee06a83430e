/** Project support amounts of the spec (section 9); the first is the default. */
export const SUPPORT_AMOUNTS = [24, 48, 96] as const;
export type SupportChoice = (typeof SUPPORT_AMOUNTS)[number] | 'custom';

/** A custom amount in dollars (cents allowed), or null when it is not a positive number. */
export function parseSupportAmount(input: string): number | null {
  const text = input.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const amount = Number(text);
  return amount > 0 ? amount : null;
}

/** "$24", "$12.50" */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
