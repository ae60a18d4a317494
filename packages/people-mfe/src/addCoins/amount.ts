// Validation of the Add Coins amount (spec 5), before anything is sent.

export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount greater than 0';
export const WHOLE_AMOUNT_MESSAGE = 'Please enter a whole number of coins';
/** The API's ceiling for one top-up; checking it here saves a round trip. */
export const MAX_COINS_PER_TOP_UP = 1_000_000;
export const TOO_LARGE_MESSAGE = 'Please enter at most 1,000,000 coins at a time';

export type AmountCheck = { ok: true; amount: number } | { ok: false; message: string };

export function checkCoinAmount(text: string): AmountCheck {
  const trimmed = text.trim();
  const amount = trimmed === '' ? NaN : Number(trimmed);
  if (!Number.isFinite(amount) || amount <= 0)
    return { ok: false, message: INVALID_AMOUNT_MESSAGE };
  if (!Number.isInteger(amount)) return { ok: false, message: WHOLE_AMOUNT_MESSAGE };
  if (amount > MAX_COINS_PER_TOP_UP) return { ok: false, message: TOO_LARGE_MESSAGE };
  return { ok: true, amount };
}
