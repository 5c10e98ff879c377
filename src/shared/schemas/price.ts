import { z } from 'zod';
import { CURRENCY_PATTERN, MAX_PRICE, decimalsWithin } from '../price';

/** The product's optional price and currency as the API takes them (rules in shared/price.ts). */
export const PriceSchema = z
  .number({ error: 'must be a number, e.g. 29.99' })
  .min(0, 'must not be negative')
  .max(MAX_PRICE, 'is too large')
  .refine((value) => decimalsWithin(value, 2), 'must have at most 2 decimals')
  .nullish();

export const CurrencySchema = z
  .string({ error: 'must be a three-letter ISO 4217 code, e.g. USD' })
  .trim()
  .toUpperCase()
  .regex(CURRENCY_PATTERN, 'must be a three-letter ISO 4217 code, e.g. USD')
  .nullish();
