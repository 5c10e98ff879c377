import { describe, expect, it } from 'vitest';
import type { Edition } from '../../src/shared/schemas/edition';
import { addEdition, changeEdition, editionError, editionErrors, editionList, moveEdition, removeEdition, withEditionErrors, type EditionsValue } from '../../src/web/admin/features/products/lib/edition-list';
import { fieldLabel, revisionChanges } from '../../src/web/admin/lib/revision-diff';

const edition = (overrides: Partial<Edition>): Edition => ({ id: 'e', name: '', price: 49, currency: 'USD', compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: 'https://shop.test/a', ...overrides });
const one = { buyLink: 'https://shop.test/a', price: 49, currency: 'USD', editions: [edition({ id: 'a' })] };

/** The product form's editions (editions-editor.tsx): the list and the product's own fields never disagree. */
describe('the editions of the product form', () => {
  it('a new product has one edition made of its Buy link and price; adding one keeps the currency', () => {
    const fresh: EditionsValue = { buyLink: 'https://shop.test/new', price: 10, currency: 'EUR' };
    expect(editionList(fresh)).toEqual([expect.objectContaining({ buyLink: 'https://shop.test/new', price: 10, currency: 'EUR', name: '' })]);
    const two = addEdition(fresh);
    expect(two.editions).toHaveLength(2);
    expect(two.editions![1]).toMatchObject({ price: null, currency: 'EUR', buyLink: '', availability: 'available' });
    expect(two.editions![1]!.id).toMatch(/^new-/);
    expect(two.editions![0]!.id).not.toBe(two.editions![1]!.id);
  });

  it('the first edition is repeated in the product fields after every change, move and removal', () => {
    let value = addEdition(one);
    value = changeEdition(value, 1, { name: 'Team', price: 299, buyLink: 'https://shop.test/team' });
    value = changeEdition(value, 0, { name: 'Video', price: 39 });
    expect(value).toMatchObject({ buyLink: 'https://shop.test/a', price: 39, currency: 'USD' });
    value = moveEdition(value, 1, 0);
    expect(value.editions!.map((e) => e.name)).toEqual(['Team', 'Video']);
    expect(value).toMatchObject({ buyLink: 'https://shop.test/team', price: 299 });
    value = removeEdition(value, 0);
    expect(value.editions!.map((e) => e.name)).toEqual(['Video']);
    expect(value).toMatchObject({ buyLink: 'https://shop.test/a', price: 39 });
    // The last edition stays.
    expect(removeEdition(value, 0)).toBe(value);
    // No price: no currency either.
    expect(changeEdition(value, 0, { price: null })).toMatchObject({ price: null, currency: null });
  });

  it("checks what the server checks, in its words, under each edition's field", () => {
    const errors = editionErrors([
      edition({ name: 'A', compareAtPrice: 40 }),
      edition({ name: '', compareAtPrice: 60, saleEndsAt: '2099-01-01T00:00:00Z' }),
      edition({ name: 'C', price: null, currency: null, compareAtPrice: 10 }),
      edition({ name: 'D', saleEndsAt: '2099-01-01T00:00:00Z' }),
    ]);
    expect(errors).toEqual({
      'editions.0.compareAtPrice': 'must be above the price',
      'editions.1.name': 'is required when there are several editions',
      'editions.2.compareAtPrice': 'needs a price to compare with',
      'editions.3.saleEndsAt': 'needs a compare-at price (a sale to end)',
    });
    expect(editionErrors([edition({})])).toEqual({});
    // The server's message names the field: shown without its path.
    expect(editionError({ 'editions.1.compareAtPrice': 'editions.1.compareAtPrice: must have at most 0 decimals in JPY' }, 1, 'compareAtPrice', false)).toBe('must have at most 0 decimals in JPY');
    // One edition: the form's own Buy link and price errors are the edition's.
    expect(editionError({ price: 'must have at most 2 decimals' }, 0, 'price', true)).toBe('must have at most 2 decimals');
    expect(withEditionErrors(one, { price: 'must have at most 2 decimals', 'editions.0.price': 'must have at most 2 decimals', title: 'is required' })).toEqual({ 'editions.0.price': 'must have at most 2 decimals', title: 'is required' });
  });

  it('revisions show each edition as a row and leave out the repeated Buy link and price', () => {
    const now = { title: 'T', buyLink: 'https://shop.test/a', price: 49, currency: 'USD', editions: [edition({ id: 'a', name: 'Video' }), edition({ id: 'b', name: 'Team', price: 299, compareAtPrice: 399, availability: 'sold_out', buyLink: 'https://shop.test/t' })] };
    const then = { title: 'T', buyLink: 'https://shop.test/a', price: 45, currency: 'USD', editions: [edition({ id: 'a', name: 'Video', price: 45 })] };
    expect(revisionChanges(now, then)).toEqual([
      { field: 'editions.0', label: 'Edition 1', now: 'Video · 49 USD · available · https://shop.test/a', then: 'Video · 45 USD · available · https://shop.test/a' },
      { field: 'editions.1', label: 'Edition 2', now: 'Team · 299 USD (was 399) · sold out · https://shop.test/t', then: '(none)' },
    ]);
    expect(fieldLabel('editions.1.compareAtPrice')).toBe('Edition 2: compare-at price');
    expect(fieldLabel('editions')).toBe('Editions');
  });
});
