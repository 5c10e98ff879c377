import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ProductEditionRow, ProductRow } from '../../db/schema';
import { badField } from '../../http/errors';
import { currencyDigits, decimalsWithin, fromMinorUnits, priceProblem, toMinorUnits } from '../../../shared/price';
import type { Availability, Edition } from '../../../shared/schemas/edition';
import { AVAILABILITIES } from '../../../shared/schemas/edition';
import type { ProductInputSchema } from '../../../shared/schemas/product';

type ParsedInput = ReturnType<typeof ProductInputSchema.parse>;
type ParsedEdition = NonNullable<ParsedInput['editions']>[number];

const major = (minor: number | null, currency: string | null) => (minor === null || currency === null ? null : fromMinorUnits(minor, currency));
const asAvailability = (value: string): Availability => (AVAILABILITIES as readonly string[]).includes(value) ? (value as Availability) : 'available';

export function toEdition(row: ProductEditionRow): Edition {
  const currency = row.price_minor === null ? null : row.currency;
  return {
    id: row.id,
    name: row.name,
    price: major(row.price_minor, currency),
    currency,
    compareAtPrice: major(row.compare_at_minor, currency),
    saleEndsAt: row.sale_ends_at,
    availability: asAvailability(row.availability),
    buyLink: row.buy_link,
  };
}

/**
 * A product's editions; a product without edition rows (saved by a copy of
 * the release before editions, or restored from an older archive) has one,
 * read from its own columns, with its id, as the migration made them.
 */
export function editionsOf(product: Pick<ProductRow, 'id' | 'price_minor' | 'currency' | 'buy_link'>, rows: ProductEditionRow[] | undefined): Edition[] {
  if (rows && rows.length > 0) return rows.map(toEdition);
  const currency = product.price_minor === null ? null : product.currency;
  return [{ id: product.id, name: '', price: major(product.price_minor, currency), currency, compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: product.buy_link }];
}

/** One edition as the write will store it, in major units, before the checks. */
type Draft = { id: string | undefined; name: string; price: number | null; currency: string | null; compareAtPrice: number | null; saleEndsAt: string | null; availability: Availability; buyLink: string };

const fromInput = (edition: ParsedEdition): Draft => ({
  id: edition.id,
  name: edition.name,
  price: edition.price ?? null,
  currency: edition.currency ?? null,
  compareAtPrice: edition.compareAtPrice ?? null,
  saleEndsAt: edition.saleEndsAt ?? null,
  availability: edition.availability,
  buyLink: edition.buyLink,
});

/**
 * The editions a write stores: the given list, or (a write without `editions`, as before issue 28) the
 * current ones with `buyLink`, `price` and `currency` applied to the default one. Throws 400 naming the field.
 */
export function resolveEditions(data: ParsedInput, current: Edition[] | undefined): Draft[] {
  // Given, the editions are the whole truth: `buyLink`, `price` and `currency` beside them are read back from the first.
  if (data.editions) return data.editions.map(fromInput);
  const base: Draft = current?.[0]
    ? { ...current[0] }
    : { id: undefined, name: '', price: null, currency: null, compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: '' };
  if (data.buyLink !== undefined) base.buyLink = data.buyLink;
  else if (!current?.[0]) throw badField('buyLink: is required');
  if (data.price !== undefined) {
    base.price = data.price;
    base.currency = data.price === null ? null : (data.currency ?? null);
  } else if (data.currency) {
    base.currency = data.currency;
  }
  return [base, ...(current?.slice(1) ?? [])];
}

/** The checks of issue 28: prices in the currency's decimals, a compare-at price above the price, names to choose by. */
export function checkEditions(editions: Draft[]): void {
  for (const [index, edition] of editions.entries()) {
    const at = `editions.${index}.`;
    const problem = priceProblem(edition.price, edition.currency);
    if (problem) throw badField(`${at}${problem.field}: ${problem.message}`);
    if (edition.compareAtPrice !== null) {
      if (edition.price === null || edition.currency === null) throw badField(`${at}compareAtPrice: needs a price to compare with`);
      const digits = currencyDigits(edition.currency);
      if (!decimalsWithin(edition.compareAtPrice, digits)) throw badField(`${at}compareAtPrice: must have at most ${digits} decimals in ${edition.currency}`);
      if (edition.compareAtPrice <= edition.price) throw badField(`${at}compareAtPrice: must be above the price`);
    }
    if (edition.saleEndsAt !== null && edition.compareAtPrice === null) throw badField(`${at}saleEndsAt: needs a compare-at price (a sale to end)`);
    if (editions.length > 1 && edition.name.trim() === '') throw badField(`${at}name: is required when there are several editions`);
  }
}

/** The rows to store; an edition keeps its id only when it is one of this product's (`ownIds`). */
export function editionRows(productId: string, editions: Draft[], ownIds: ReadonlySet<string>): Insertable<ProductEditionRow>[] {
  const used = new Set<string>();
  return editions.map((edition, position) => {
    const keep = edition.id !== undefined && ownIds.has(edition.id) && !used.has(edition.id);
    const id = keep ? edition.id! : randomUUID();
    used.add(id);
    const priced = edition.price !== null && edition.currency !== null;
    return {
      id,
      product_id: productId,
      position,
      name: edition.name,
      price_minor: priced ? toMinorUnits(edition.price!, edition.currency!) : null,
      currency: priced ? edition.currency : null,
      compare_at_minor: priced && edition.compareAtPrice !== null ? toMinorUnits(edition.compareAtPrice, edition.currency!) : null,
      sale_ends_at: edition.saleEndsAt === null ? null : new Date(edition.saleEndsAt).toISOString(),
      availability: edition.availability,
      buy_link: edition.buyLink,
    };
  });
}

/** The product's own columns that repeat the default edition (decision 063), for the copies that read them. */
export const defaultEditionColumns = (rows: Insertable<ProductEditionRow>[]) => ({
  buy_link: rows[0]!.buy_link,
  price_minor: rows[0]!.price_minor ?? null,
  currency: rows[0]!.currency ?? null,
});

/** The editions a preview shows for an unsaved form: what a save would store, with made-up ids. */
export function previewEditions(data: ParsedInput): Edition[] {
  const drafts = data.editions ? data.editions.map(fromInput) : resolveEditions({ ...data, buyLink: data.buyLink ?? '' }, undefined);
  return drafts.map((draft, index) => ({ ...draft, id: draft.id ?? `preview-${index}`, currency: draft.price === null ? null : draft.currency }));
}
