import { describe, expect, it } from 'vitest';
import { course, product } from '../../src/web/structured-data';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';
import type { Edition } from '../../src/shared/schemas/edition';
import { checkProductSnippet } from '../helpers/product-snippet-rules';

const BASE = 'https://shop.example.com';
const NOW = Date.parse('2026-11-29T10:00:00Z');
const facts = { name: 'Blender basics', description: 'Learn Blender', url: '/product/blender', images: ['/uploads/cover-og.jpg'], buyLink: 'https://pay.example.com/v', provider: defaultSiteSettings(), now: NOW };
const edition = (overrides: Partial<Edition>): Edition => ({ id: 'e', name: 'Video course', price: 49, currency: 'USD', compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: 'https://pay.example.com/v', ...overrides });
const THREE: Edition[] = [
  edition({ id: 'a', compareAtPrice: 65, saleEndsAt: '2027-01-01T00:00:00.000Z' }),
  edition({ id: 'b', name: 'Course + project files', price: 79, availability: 'preorder', buyLink: 'https://pay.example.com/f' }),
  edition({ id: 'c', name: 'Team licence', price: 299, availability: 'coming_soon', buyLink: 'https://pay.example.com/t' }),
];
const snippetOf = (editions: Edition[]) => product({ ...facts, editions }, BASE);

/** Structured data against Google's product snippet rules (tests/helpers/product-snippet-rules.ts). */
describe('product snippet structured data', () => {
  it('a three-edition product: 0 errors, 0 warnings, an AggregateOffer over the three', () => {
    const block = snippetOf(THREE)!;
    expect(checkProductSnippet(block, NOW)).toEqual({ errors: [], warnings: [] });
    expect(block).toMatchObject({
      '@type': 'Product',
      name: 'Blender basics',
      image: [`${BASE}/uploads/cover-og.jpg`],
      brand: { '@type': 'Brand', name: defaultSiteSettings().name },
      offers: { '@type': 'AggregateOffer', lowPrice: '49.00', highPrice: '299.00', priceCurrency: 'USD', offerCount: 3 },
    });
    // The sale ends at midnight: its price holds through the day before.
    expect((block.offers as { offers: Array<Record<string, unknown>> }).offers[0]).toMatchObject({ price: '49.00', priceValidUntil: '2026-12-31', availability: 'https://schema.org/InStock' });
    // The Course says the same.
    expect(course({ ...facts, editions: THREE }, BASE).offers).toEqual(block.offers);
  });

  it('one edition: one Offer, 0 errors, 0 warnings', () => {
    const block = snippetOf([THREE[0]!])!;
    expect(block.offers).toMatchObject({ '@type': 'Offer', price: '49.00', priceCurrency: 'USD' });
    expect(checkProductSnippet(block, NOW)).toEqual({ errors: [], warnings: [] });
  });

  it('leaves out what would break the rules: an edition without a price, one in another currency, a sale that ended', () => {
    const mixed = [THREE[0]!, edition({ id: 'x', name: 'Ask us', price: null, currency: null }), edition({ id: 'y', name: 'In euros', price: 45, currency: 'EUR' }), THREE[2]!];
    const block = snippetOf(mixed)!;
    expect(checkProductSnippet(block, NOW)).toEqual({ errors: [], warnings: [] });
    expect(block.offers).toMatchObject({ lowPrice: '49.00', highPrice: '299.00', priceCurrency: 'USD', offerCount: 2 });

    const ended = snippetOf([edition({ compareAtPrice: 65, saleEndsAt: '2026-11-01T00:00:00Z' })])!;
    expect(ended.offers).toMatchObject({ price: '65.00' });
    expect(ended.offers).not.toHaveProperty('priceValidUntil');
    expect(checkProductSnippet(ended, NOW)).toEqual({ errors: [], warnings: [] });
  });

  it('writes prices in the currency decimals, and claims no Product without a price', () => {
    const yen = snippetOf([edition({ price: 1500, currency: 'JPY' }), edition({ id: 'z', name: 'Team', price: 9000, currency: 'JPY' })])!;
    expect(yen.offers).toMatchObject({ lowPrice: '1500', highPrice: '9000', priceCurrency: 'JPY' });
    expect(checkProductSnippet(yen, NOW)).toEqual({ errors: [], warnings: [] });
    expect(snippetOf([edition({ price: null, currency: null })])).toBeNull();
    expect(snippetOf([edition({ price: null, currency: null }), edition({ id: 'n', name: 'Other', price: null, currency: null })])).toBeNull();
  });

  it('the rules find what Google would refuse', () => {
    const broken = { '@type': 'Product', name: '', image: ['/relative.jpg'], offers: { '@type': 'AggregateOffer', highPrice: '10', offerCount: 0, offers: [{ '@type': 'Offer', price: '$10', availability: 'InStock', priceValidUntil: '2020-01-01T00:00' }] } };
    const report = checkProductSnippet(broken, NOW);
    expect(report.errors).toEqual(expect.arrayContaining(['name: missing (required)', 'offers.lowPrice: missing (required)', 'offers.priceCurrency: missing (required)', 'offers.offers[0].price: "$10" is not a price (digits, "." for decimals)', '$.name is an empty string']));
    expect(report.warnings).toEqual(
      expect.arrayContaining(['image: "/relative.jpg" is not an absolute URL', 'description: missing', 'offers.offers[0].availability: "InStock" is not a schema.org availability URL', 'offers.offers[0].priceValidUntil: "2020-01-01T00:00" is not an ISO 8601 date']),
    );
  });
});
