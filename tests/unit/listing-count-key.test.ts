import { describe, expect, it } from 'vitest';
import { listingCountKey } from '../../src/server/modules/products/product.reads';
import type { ProductFilter } from '../../src/server/modules/products/product.repository';
import type { AttributeCondition } from '../../src/server/modules/products/product-narrowing';

const level: AttributeCondition = { attributeId: 'a-level', slug: 'level', kind: 'values', values: ['advanced', 'beginner'] };
const duration: AttributeCondition = { attributeId: 'b-duration', slug: 'duration', kind: 'range', min: 0, max: 200 };
const filter = (attributes: AttributeCondition[]): ProductFilter => ({
  categoryId: 'c1',
  tagIds: [],
  visibility: { viewer: 'visitor', now: '2026-11-29T00:00:00.000Z' },
  narrowing: { attributes, now: '2026-11-29T00:00:00.000Z' },
});

/**
 * A category page's facets count its listing in their read and hand the figure to the page's count
 * (decision 077): the facets take the choices in the address's order, the page in the facets' order,
 * so the key must not depend on it, or the page counts again.
 */
describe("a listing's count key", () => {
  it('is one key whatever the order of the chosen attributes', () => {
    expect(listingCountKey('visitor', {}, filter([duration, level]))).toBe(listingCountKey('visitor', {}, filter([level, duration])));
  });

  it('differs with the choices themselves', () => {
    expect(listingCountKey('visitor', {}, filter([level]))).not.toBe(listingCountKey('visitor', {}, filter([level, duration])));
    expect(listingCountKey('visitor', {}, filter([{ ...duration, max: 201 }]))).not.toBe(listingCountKey('visitor', {}, filter([duration])));
  });
});
