import type { Availability, Edition } from '../../../../../shared/schemas/edition';
import type { FieldErrors } from '../../../lib/field-errors';

/**
 * The editions part of the product form (decision 063): the editions in the visitor's order, the
 * first the default, whose Buy link, price and currency the product's own fields repeat. Every
 * change goes through `withEditions`, so the two never disagree in the form, in a kept draft or in
 * what a save sends.
 */
export type EditionsValue = { buyLink: string; price: number | null; currency: string | null; editions?: Edition[] };

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: 'Available',
  preorder: 'Pre-order',
  coming_soon: 'Coming soon',
  sold_out: 'Sold out',
};

let made = 0;
/** An id the server does not know: it stores the edition as a new one with its own id (decision 063). */
export const newEditionId = () => `new-${Date.now().toString(36)}-${(made += 1)}`;

export const blankEdition = (from: Partial<Edition> = {}): Edition => ({
  id: newEditionId(),
  name: '',
  price: null,
  currency: null,
  compareAtPrice: null,
  saleEndsAt: null,
  availability: 'available',
  buyLink: '',
  ...from,
});

/** The editions as the form has them; the first takes the product's Buy link and price (a new product has no editions yet). */
export function editionList(value: EditionsValue): Edition[] {
  const [first, ...rest] = value.editions ?? [];
  return [{ ...(first ?? blankEdition()), buyLink: value.buyLink, price: value.price, currency: value.price === null ? null : value.currency }, ...rest];
}

/** Stores the list and repeats its first edition in the product's own fields. */
export function withEditions<V extends EditionsValue>(value: V, editions: Edition[]): V {
  const first = editions[0] ?? blankEdition();
  return { ...value, editions, buyLink: first.buyLink, price: first.price, currency: first.price === null ? null : first.currency };
}

export const changeEdition = <V extends EditionsValue>(value: V, index: number, change: Partial<Edition>): V =>
  withEditions(value, editionList(value).map((edition, at) => (at === index ? { ...edition, ...change } : edition)));

/** A new edition at the end, in the currency of the last one (most editions of a product share one). */
export function addEdition<V extends EditionsValue>(value: V): V {
  const list = editionList(value);
  const currency = [...list].reverse().find((edition) => edition.currency !== null)?.currency ?? null;
  return withEditions(value, [...list, blankEdition({ currency })]);
}

/** Removing down to one edition gives the form of a product sold as before. */
export function removeEdition<V extends EditionsValue>(value: V, index: number): V {
  const list = editionList(value);
  return list.length <= 1 ? value : withEditions(value, list.filter((_, at) => at !== index));
}

/** Moving an edition to the top makes it the default. */
export function moveEdition<V extends EditionsValue>(value: V, from: number, to: number): V {
  const list = editionList(value);
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return value;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return withEditions(value, next);
}

/**
 * The checks the server makes beyond the schema (editions.ts), with its words, so the form names
 * them before a save: a compare-at price needs a price below it, a sale end needs a sale, and the
 * visitor chooses between several editions by name.
 */
export function editionErrors(editions: Edition[] | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [index, edition] of (editions ?? []).entries()) {
    const at = `editions.${index}.`;
    if (editions!.length > 1 && edition.name.trim() === '') errors[`${at}name`] = 'is required when there are several editions';
    if (edition.compareAtPrice !== null && Number.isFinite(edition.compareAtPrice)) {
      if (edition.price === null) errors[`${at}compareAtPrice`] = 'needs a price to compare with';
      else if (Number.isFinite(edition.price) && edition.compareAtPrice <= edition.price) errors[`${at}compareAtPrice`] = 'must be above the price';
    }
    if (edition.saleEndsAt !== null && edition.compareAtPrice === null) errors[`${at}saleEndsAt`] = 'needs a compare-at price (a sale to end)';
  }
  return errors;
}

/**
 * A product form's errors with the editions' own checks. With editions the product's Buy link and
 * price are the first edition's, checked there too: the error is kept once, at the edition.
 */
export function withEditionErrors(value: EditionsValue, found: FieldErrors): FieldErrors {
  if (!value.editions) return found;
  const { buyLink: _buyLink, price: _price, currency: _currency, ...rest } = found;
  return { ...editionErrors(value.editions), ...rest };
}

/** The message for one field of an edition: the server's "editions.1.price: …" without its path. */
export function editionError(errors: FieldErrors, index: number, field: keyof Edition, single: boolean): string | undefined {
  const own = errors[`editions.${index}.${field}`] ?? (single && index === 0 && (field === 'buyLink' || field === 'price' || field === 'currency') ? errors[field] : undefined);
  return own?.replace(/^editions\.\d+\.\w+: /, '');
}

/** Whether an edition says more than a product sold as before: a sale or an availability to show. */
export const hasSaleOrAvailability = (edition: Edition) => edition.compareAtPrice !== null || edition.saleEndsAt !== null || edition.availability !== 'available';
