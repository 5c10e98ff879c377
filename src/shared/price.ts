// No validation library here: the public pages format prices with this module.

/**
 * A product's optional price: a number in major units (29.99) with an ISO 4217
 * currency. Stored as an integer of the currency's minor units, so sums and
 * comparisons never meet a binary fraction.
 */

/** One locale for every render: the server and the browser must print the same text (hydration). */
export const PRICE_LOCALE = 'en-US';

/** Far below what an integer column holds in minor units, even for three-decimal currencies. */
export const MAX_PRICE = 1_000_000;

/** Whole hundredths, allowing for binary fractions (29.99 * 100 is 2998.9999999999995). */
export const decimalsWithin = (value: number, digits: number) => {
  const scaled = value * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/**
 * One formatter per currency, made once: making an `Intl.NumberFormat` costs far more than using
 * one (on a phone, a page of 24 priced cards spent most of its hydration making them).
 */
const formatters = new Map<string, Intl.NumberFormat>();
function currencyFormat(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(PRICE_LOCALE, { style: 'currency', currency });
    // Any three letters are a currency code to the platform: keep the map small whatever is asked.
    if (formatters.size >= 64) formatters.clear();
    formatters.set(currency, format);
  }
  return format;
}

const digitsOf = new Map<string, number>();

/** How many decimals the currency has (USD 2, JPY 0, KWD 3), from the platform's ISO 4217 data (read once per currency: an import checks thousands of prices). */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
    if (digitsOf.size >= 64) digitsOf.clear();
    digitsOf.set(currency, digits);
  }
  return digits;
}

export type PriceProblem = { field: 'price' | 'currency'; message: string };

/**
 * What is wrong with the pair, or null: a price needs its currency, a currency
 * alone says nothing, and a currency without minor units takes whole amounts.
 * `undefined` price = not given (unchanged on an edit); `null` = no price.
 */
export function priceProblem(price: number | null | undefined, currency: string | null | undefined): PriceProblem | null {
  if (price === undefined) return currency ? { field: 'price', message: 'is required when currency is set (null for no price)' } : null;
  if (price === null) return null;
  if (!currency) return { field: 'currency', message: 'is required when price is set' };
  const digits = currencyDigits(currency);
  if (!decimalsWithin(price, digits)) return { field: 'price', message: digits === 0 ? `must be a whole number in ${currency}` : `must have at most ${digits} decimals in ${currency}` };
  return null;
}

export const toMinorUnits = (price: number, currency: string) => Math.round(price * 10 ** currencyDigits(currency));

/** Divided and rounded back, so 2999 cents read as 29.99 exactly rather than 29.990000000000002. */
export const fromMinorUnits = (minor: number, currency: string) => {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
};

/** "$29.99", "€29.99", "¥1,500": the same text on the server and in the browser. */
export function formatPrice(price: number, currency: string): string {
  return currencyFormat(currency).format(price);
}

/** The shown price of something that may have none. */
export function priceText(item: { price?: number | null; currency?: string | null }): string | null {
  return item.price === null || item.price === undefined || !item.currency ? null : formatPrice(item.price, item.currency);
}
